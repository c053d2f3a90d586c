import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { entryBytes, entryChunks, XLSX_MAX_UNPACKED_BYTES, ZipFormatError, type ZipEntry } from './zip.js';

/**
 * The XML side of reading an xlsx (xlsx-reader.ts): saxes over a ZIP entry, whole for the small
 * index parts, chunk by chunk as it inflates for the rest; element names without their prefix; the
 * text of string items; the shared strings table.
 */

/** workbook.xml and its relationships are a few KB; more than this is not a workbook index. */
const INDEX_PART_MAX_BYTES = 16_000_000;

export type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

type PlainParser = SaxesParser<{ xmlns: false; position: false }>;

/** A saxes parser calling back with local names (`x:row` → `row`), attributes as they are. */
function xmlParser(handlers: Handlers): PlainParser {
  const parser: PlainParser = new SaxesParser({ xmlns: false, position: false });
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag: SaxesTagPlain) => open(local(tag.name), tag.attributes));
  if (close) parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  return parser;
}

/** saxes throws a plain Error at the first thing that is not XML: say which part it was. */
function malformed(entry: ZipEntry, err: unknown): ZipFormatError {
  return err instanceof ZipFormatError
    ? err
    : new ZipFormatError(`${entry.name} is not well-formed XML`, { cause: err });
}

export function parseWhole(zip: Buffer, entry: ZipEntry, handlers: Handlers): void {
  const bytes = entryBytes(zip, entry, INDEX_PART_MAX_BYTES);
  try {
    xmlParser(handlers)
      .write(withoutBom(bytes.toString('utf8')))
      .close();
  } catch (err) {
    throw malformed(entry, err);
  }
}

/** Parses an entry as it inflates; yields after each chunk so the caller can hand over what it made. */
export async function* parseStreamed(zip: Buffer, entry: ZipEntry, handlers: Handlers): AsyncGenerator<void> {
  const parser = xmlParser(handlers);
  const decoder = new StringDecoder('utf8');
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (err) {
      throw malformed(entry, err);
    }
  };
  let first = true;
  for await (const chunk of entryChunks(zip, entry, XLSX_MAX_UNPACKED_BYTES)) {
    let text = decoder.write(chunk);
    if (first && text !== '') {
      text = withoutBom(text);
      first = false;
    }
    if (text !== '') write(text);
    yield;
  }
  write(decoder.end());
  try {
    parser.close();
  } catch (err) {
    throw malformed(entry, err);
  }
  yield;
}

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Excel's `_xHHHH_` escapes of characters XML can not hold (a carriage return is `_x000D_`). */
export function unescapeXstring(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

/**
 * The text of a string item (`<si>` of the shared strings, `<is>` of an inline string): its `<t>`,
 * or its rich-text runs' `<t>`s one after the other; phonetic guides (`<rPh>`) left out. The
 * returned handlers feed it; `take()` hands over the text and starts the next one.
 */
export function stringItem() {
  let text = '';
  let inT = false;
  let inPhonetic = false;
  return {
    open(name: string) {
      if (name === 't') inT = !inPhonetic;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name: string) {
      if (name === 't') inT = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(chunk: string) {
      if (inT) text += chunk;
    },
    take(): string {
      const done = unescapeXstring(text);
      text = '';
      return done;
    },
  };
}

/** The shared strings table: `<si>` items in order, each as its text. */
export async function readSharedStrings(zip: Buffer, entry: ZipEntry): Promise<string[]> {
  const strings: string[] = [];
  const item = stringItem();
  let inItem = false;
  for await (const _ of parseStreamed(zip, entry, {
    open: (name) => {
      if (name === 'si') inItem = true;
      else if (inItem) item.open(name);
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(item.take());
        inItem = false;
      } else if (inItem) item.close(name);
    },
    text: (text) => inItem && item.text(text),
  }));
  return strings;
}
