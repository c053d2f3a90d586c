import { z } from 'zod';
import { MESSAGES } from '../messages.js';

const HOST_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL_LABEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;

function isValidHost(host: string): boolean {
  if (host === 'localhost' || IPV4.test(host) || IPV6_LITERAL.test(host)) return true;
  const labels = host.replace(/\.$/, '').split('.');
  const top = labels[labels.length - 1];
  // A name needs a top-level domain: 'https://example' is far more often a typo than an intranet host.
  return (
    labels.length >= 2 &&
    top !== undefined &&
    TOP_LEVEL_LABEL.test(top) &&
    labels.every((l) => HOST_LABEL.test(l))
  );
}

/** Spec part 5: no whitespace, starts with http or https, valid host. */
export function isUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  const match = /^https?:\/\/([^/?#]*)/i.exec(value);
  const authority = match?.[1];
  if (authority === undefined) return false;
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const port = /:(\d{1,5})$/.exec(hostAndPort);
  if (port?.[1] !== undefined && Number(port[1]) > 65535) return false;
  const host = port ? hostAndPort.slice(0, port.index) : hostAndPort;
  return isValidHost(host);
}

export const urlSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .refine(isUrl, MESSAGES.invalidUrl);
