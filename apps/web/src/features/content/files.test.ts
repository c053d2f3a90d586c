import { MATERIAL_FILE_KINDS } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { dropzoneAccept, extensionList, formatBytes, previewKind } from './files';

describe('material files', () => {
  it('accepts exactly the spec types (images, video, audio, PDF, PPT/PPTX)', () => {
    const accept = dropzoneAccept(MATERIAL_FILE_KINDS);
    expect(accept['image/jpeg']).toEqual(['.jpeg', '.jpg']);
    expect(accept['video/mp4']).toEqual(['.mp4', '.m4v']);
    expect(accept['application/pdf']).toEqual(['.pdf']);
    expect(Object.keys(accept)).not.toContain('text/csv');
    expect(extensionList(MATERIAL_FILE_KINDS)).toBe(
      '.jpeg, .jpg, .png, .mp4, .m4v, .mov, .mp3, .m4a, .pdf, .ppt, .pptx',
    );
  });

  it('writes sizes in decimal units', () => {
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatBytes(100_000_000, 'en')).toBe('100 MB');
  });

  it('previews what the browser can show', () => {
    expect(previewKind('png')).toBe('image');
    expect(previewKind('m4a')).toBe('audio');
    expect(previewKind('pdf')).toBe('pdf');
    expect(previewKind('pptx')).toBe('none');
  });
});
