import { writeFile } from 'node:fs/promises';
import { PNG } from 'pngjs';

/**
 * A Y4M video for chromium's fake camera (`--use-file-for-fake-video-capture`): the PNG (a QR code)
 * in black and white, centred on a light 640×480 frame, ten identical frames that chromium loops.
 */
export async function qrVideo(png: Buffer, file: string): Promise<void> {
  const image = PNG.sync.read(png);
  const W = 640;
  const H = 480;
  const side = 280; // inside the scanner's region (the middle two thirds of the short side)
  const y = Buffer.alloc(W * H, 235);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const sx = Math.floor((col / side) * image.width);
      const sy = Math.floor((row / side) * image.height);
      const i = (sy * image.width + sx) * 4;
      const luma = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      y[(row + (H - side) / 2) * W + col + (W - side) / 2] = luma < 128 ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
}
