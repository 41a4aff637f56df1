/**
 * @module png
 * A minimal PNG writer for black-and-white pictures (the mock's QR code images), with no dependency.
 *
 * It runs wherever the mock runs, including a browser page under MSW's service worker, so it uses no
 * `Buffer` and no `node:*` module (`node:zlib` would have been the obvious deflater): only typed arrays.
 *
 * The image is 1-bit grayscale (the smallest PNG pixel format; a QR module is black or white), written
 * as the three chunks a decoder needs: IHDR, one IDAT, IEND. The IDAT's zlib stream uses deflate
 * *stored* blocks, i.e. no compression:
 *
 * - it is synchronous and a few lines long, where a real deflater (Huffman coding, LZ77 matching) is a
 *   library of its own. The one deflater every runtime has, `CompressionStream`, is asynchronous and
 *   its output may differ between runtimes; stored blocks give the same bytes everywhere;
 * - the images are small: a typical order QR code (33 modules with its quiet zone, 8 px each) is 264 x
 *   264 px, 34 bytes a row, about 9 KB stored. Compression would shrink that, but nobody downloads a
 *   mock's QR code over a slow link.
 *
 * The checksums the format requires (CRC-32 per chunk, Adler-32 of the zlib stream) are computed here.
 * Specifications: PNG (W3C, 3rd edition), zlib (RFC 1950), deflate (RFC 1951) section 3.2.4.
 */

/**
 * A 1-bit picture given as a function: `width` x `height` pixels, dark where `isDark(x, y)`.
 * `x` runs from 0 (left) to `width - 1`, `y` from 0 (top) to `height - 1`.
 *
 * @example
 * ```ts
 * // A 16 x 16 checkerboard of 4-pixel squares.
 * const board: Bitmap = { width: 16, height: 16, isDark: (x, y) => ((x >> 2) + (y >> 2)) % 2 === 0 }
 * encodePng1Bit(board)
 * ```
 */
export interface Bitmap {
  /** Pixels per row, at least 1. */
  readonly width: number
  /** Rows, at least 1. */
  readonly height: number
  /** True where the pixel is black, false where it is white. */
  isDark(x: number, y: number): boolean
}

/**
 * How {@link encodePng1Bit} lays the picture out.
 *
 * @example
 * ```ts
 * // Each pixel of the picture becomes an 8 x 8 square: a 33 x 33 QR matrix gives a 264 x 264 px PNG.
 * const options: EncodePngOptions = { scale: 8 }
 * encodePng1Bit(matrix, options)
 * ```
 */
export interface EncodePngOptions {
  /** Pixels per side that each pixel of the picture becomes (a whole number, so edges stay sharp). Default 1. */
  scale?: number
}

/** The eight bytes every PNG file starts with. */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

/** PNG's limit for width and height (2^31 - 1). */
const MAX_DIMENSION = 0x7fff_ffff

/**
 * The most bytes one stored deflate block holds: its length field (LEN) has 16 bits.
 *
 * @example
 * ```ts
 * // 100 000 bytes of image data take two stored blocks.
 * Math.ceil(100_000 / MAX_STORED_BLOCK) // 2
 * ```
 */
export const MAX_STORED_BLOCK = 65_535

/**
 * Encodes a black-and-white picture as a PNG file (1-bit grayscale, not interlaced).
 *
 * The picture is either rows of booleans (`rows[y][x]`, `true` = black, all rows as long as the first)
 * or a {@link Bitmap}; `options.scale` enlarges it by a whole factor. Black is stored as 0 and white as
 * 1, as 1-bit grayscale defines them.
 *
 * @returns the bytes of the PNG file.
 * @throws RangeError when the picture is empty, its rows differ in length, a side (after scaling) is not
 *   an integer from 1 to 2^31 - 1, or `scale` is not an integer from 1.
 *
 * @example
 * ```ts
 * // A 2 x 2 picture, black on the diagonal: a 72-byte file.
 * const png = encodePng1Bit([
 *   [true, false],
 *   [false, true],
 * ])
 * new Response(png, { headers: { 'Content-Type': 'image/png' } })
 *
 * // The same picture at 10 px per pixel: 20 x 20 px.
 * encodePng1Bit([[true, false], [false, true]], { scale: 10 })
 * ```
 */
export function encodePng1Bit(
  image: Bitmap | ReadonlyArray<ReadonlyArray<boolean>>,
  options: EncodePngOptions = {},
): Uint8Array<ArrayBuffer> {
  const bitmap = toBitmap(image)
  const { scale = 1 } = options
  if (!Number.isInteger(scale) || scale < 1)
    throw new RangeError(`[mock] PNG scale must be an integer >= 1, got ${scale}`)
  for (const [name, value] of [
    ['width', bitmap.width],
    ['height', bitmap.height],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value * scale > MAX_DIMENSION) {
      throw new RangeError(
        `[mock] PNG ${name} must be an integer from 1 to ${MAX_DIMENSION} ` +
          `(after scaling), got ${value}${scale === 1 ? '' : ` x ${scale}`}`,
      )
    }
  }
  const width = bitmap.width * scale
  const height = bitmap.height * scale

  // The image data before compression: per row, a filter-type byte (0, None: the bits as they are; with
  // stored blocks a filter would gain nothing) and the pixels, 8 per byte, leftmost in the high bit.
  // The bits left over at the end of a row stay 0; decoders ignore them. A scaled picture packs each
  // source row once and copies the bytes to the `scale - 1` rows below it.
  const stride = 1 + Math.ceil(width / 8)
  const raw = new Uint8Array(stride * height)
  for (let sourceY = 0; sourceY < bitmap.height; sourceY++) {
    const first = sourceY * scale * stride
    let at = first + 1
    let byte = 0
    for (let x = 0; x < width; x++) {
      byte = (byte << 1) | (bitmap.isDark(Math.floor(x / scale), sourceY) ? 0 : 1)
      if ((x & 7) === 7) {
        raw[at++] = byte
        byte = 0
      }
    }
    if (width & 7) raw[at] = byte << (8 - (width & 7))
    for (let copy = 1; copy < scale; copy++) raw.copyWithin(first + copy * stride, first, first + stride)
  }

  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header[8] = 1 // bit depth
  header[9] = 0 // colour type: grayscale
  header[10] = 0 // compression method: deflate (the only one)
  header[11] = 0 // filter method: adaptive, per-row filter bytes (the only one)
  header[12] = 0 // interlace: none

  return concat([
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array(0)),
  ])
}

/**
 * Wraps `data` in a zlib stream (RFC 1950) of deflate stored blocks (RFC 1951, BTYPE 00): no
 * compression, so any inflater gives `data` back. Blocks hold at most {@link MAX_STORED_BLOCK} bytes;
 * empty data is one empty final block.
 *
 * @example
 * ```ts
 * const stream = zlibStored(new TextEncoder().encode('hello'))
 * // node:zlib's inflateSync(stream) is 'hello' again; stream.length is 2 + 5 + 5 + 4 = 16
 * ```
 */
export function zlibStored(data: Uint8Array): Uint8Array<ArrayBuffer> {
  const blocks = Math.max(1, Math.ceil(data.length / MAX_STORED_BLOCK))
  const out = new Uint8Array(2 + blocks * 5 + data.length + 4)
  const view = new DataView(out.buffer)
  // CMF 0x78: method 8 (deflate) with a 32 KiB window; FLG 0x01: no preset dictionary, "fastest"
  // level, and the check bits that make 0x7801 a multiple of 31, as RFC 1950 requires.
  out[0] = 0x78
  out[1] = 0x01
  let at = 2
  for (let block = 0; block < blocks; block++) {
    const start = block * MAX_STORED_BLOCK
    const length = Math.min(MAX_STORED_BLOCK, data.length - start)
    // A stored block's 3 header bits (BFINAL, then BTYPE 00) are padded to a whole byte, so the header
    // is one byte, 1 on the last block and 0 before it, followed by LEN and its complement NLEN
    // (little-endian, unlike the rest of zlib and PNG).
    out[at] = block === blocks - 1 ? 1 : 0
    view.setUint16(at + 1, length, true)
    view.setUint16(at + 3, ~length & 0xffff, true)
    out.set(data.subarray(start, start + length), at + 5)
    at += 5 + length
  }
  view.setUint32(at, adler32(data)) // big-endian, of the uncompressed data
  return out
}

/**
 * The CRC-32 (ISO-HDLC: polynomial 0xEDB88320 reflected, initial and final XOR 0xFFFFFFFF) of
 * `bytes`, as PNG chunks, zip and gzip use it. An unsigned 32-bit number.
 *
 * @example
 * ```ts
 * crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 * ```
 */
export function crc32(bytes: Uint8Array): number {
  const table = crcTable()
  let crc = 0xffff_ffff
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffff_ffff) >>> 0
}

/**
 * The Adler-32 checksum (RFC 1950) of `bytes`, which ends a zlib stream. An unsigned 32-bit number.
 *
 * @example
 * ```ts
 * adler32(new TextEncoder().encode('Wikipedia')) // 0x11e60398
 * ```
 */
export function adler32(bytes: Uint8Array): number {
  // 65521 is the largest prime below 2^16. The sums are reduced once per 5552 bytes (zlib's NMAX, the
  // most bytes after which `b` still fits in 32 bits) rather than once per byte: far fewer divisions.
  const MOD = 65_521
  const NMAX = 5552
  let a = 1
  let b = 0
  for (let start = 0; start < bytes.length; start += NMAX) {
    const end = Math.min(start + NMAX, bytes.length)
    for (let i = start; i < end; i++) {
      a += bytes[i]!
      b += a
    }
    a %= MOD
    b %= MOD
  }
  return ((b << 16) | a) >>> 0
}

/** The 256 CRC-32 remainders of one byte each, made on first use (so importing this module does nothing). */
let crcTableCache: Uint32Array | undefined

function crcTable(): Uint32Array {
  if (crcTableCache) return crcTableCache
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb8_8320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  crcTableCache = table
  return table
}

/** One PNG chunk: length, type, data, and the CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function toBitmap(image: Bitmap | ReadonlyArray<ReadonlyArray<boolean>>): Bitmap {
  if (!Array.isArray(image)) return image as Bitmap
  const rows = image as ReadonlyArray<ReadonlyArray<boolean>>
  const width = rows[0]?.length ?? 0
  rows.forEach((row, y) => {
    if (row.length !== width)
      throw new RangeError(`[mock] PNG rows must all be ${width} pixels long; row ${y} has ${row.length}`)
  })
  return { width, height: rows.length, isDark: (x, y) => rows[y]![x] === true }
}
