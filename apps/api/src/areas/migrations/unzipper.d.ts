// The part of unzipper (the zip reader exceljs parses workbooks with) that checks a workbook before it is parsed.
declare module 'unzipper' {
  import type { Duplex, PassThrough } from 'node:stream';

  export interface Entry extends PassThrough {
    readonly path: string;
    readonly type: 'File' | 'Directory';
    readonly vars: { readonly uncompressedSize: number; readonly compressedSize: number; readonly flags: number };
    autodrain(): unknown;
  }

  export function Parse(options?: { forceStream?: boolean; verbose?: boolean }): Duplex;

  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
