/**
 * @module png-reader
 * A strict reader of the mock's PNG files for tests, independent of the writer under test: node:zlib
 * inflates the image data (and so checks the zlib header and Adler-32) and computes the chunk CRCs.
 * It reads what the writer produces (1-bit grayscale, no interlace) and fails loudly on anything else.
 */
import { crc32, inflateSync } from 'node:zlib'

/** The PNG signature. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** One chunk as stored, with the CRC from the file and the one node:zlib computes. */
export interface PngChunk {
  type: string
  data: Uint8Array
  storedCrc: number
  computedCrc: number
}

/** A decoded 1-bit image. */
export interface DecodedPng {
  width: number
  height: number
  bitDepth: number
  colourType: number
  compression: number
  filter: number
  interlace: number
  chunks: PngChunk[]
  /** The zlib stream: the IDAT chunks' data joined. */
  zlib: Uint8Array
  /** The inflated image data: per row a filter byte and the packed pixels. */
  raw: Uint8Array
  /** `dark[y][x]`: true where the pixel is black (bit 0). */
  dark: boolean[][]
}

/** Splits a PNG file into its chunks; throws on a bad signature or a truncated chunk. */
export function readChunks(png: Uint8Array): PngChunk[] {
  if (!PNG_SIGNATURE.every((byte, i) => png[i] === byte)) throw new Error('not a PNG: bad signature')
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const chunks: PngChunk[] = []
  let at = 8
  while (at < png.length) {
    if (at + 12 > png.length) throw new Error(`truncated chunk at ${at}`)
    const length = view.getUint32(at)
    if (at + 12 + length > png.length) throw new Error(`chunk at ${at} runs past the end`)
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8))
    chunks.push({
      type,
      data: png.subarray(at + 8, at + 8 + length),
      storedCrc: view.getUint32(at + 8 + length),
      computedCrc: crc32(png.subarray(at + 4, at + 8 + length)),
    })
    at += 12 + length
  }
  return chunks
}

/** Reads a 1-bit grayscale PNG into pixels; throws on anything the writer should never produce. */
export function decodePng(png: Uint8Array): DecodedPng {
  const chunks = readChunks(png)
  const ihdr = chunks[0]
  if (ihdr?.type !== 'IHDR' || ihdr.data.length !== 13) throw new Error('the first chunk must be a 13-byte IHDR')
  const header = new DataView(ihdr.data.buffer, ihdr.data.byteOffset, 13)
  const width = header.getUint32(0)
  const height = header.getUint32(4)
  const [bitDepth, colourType, compression, filter, interlace] = [...ihdr.data.subarray(8, 13)] as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (bitDepth !== 1 || colourType !== 0)
    throw new Error(`expected 1-bit grayscale, got depth ${bitDepth} colour type ${colourType}`)
  const idats = chunks.filter((chunk) => chunk.type === 'IDAT')
  const zlib = new Uint8Array(idats.reduce((sum, chunk) => sum + chunk.data.length, 0))
  let at = 0
  for (const chunk of idats) {
    zlib.set(chunk.data, at)
    at += chunk.data.length
  }
  const raw = new Uint8Array(inflateSync(zlib))
  const stride = 1 + Math.ceil(width / 8)
  if (raw.length !== stride * height) throw new Error(`image data is ${raw.length} bytes, expected ${stride * height}`)
  const dark: boolean[][] = []
  for (let y = 0; y < height; y++) {
    const filterType = raw[y * stride]
    if (filterType !== 0) throw new Error(`row ${y} uses filter type ${filterType}; this reader only reads None`)
    const row: boolean[] = []
    for (let x = 0; x < width; x++) row.push((raw[y * stride + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0)
    dark.push(row)
  }
  return { width, height, bitDepth, colourType, compression, filter, interlace, chunks, zlib, raw, dark }
}

/** The image as RGBA bytes (black or white, opaque), as a canvas's `getImageData` gives them. */
export function toRgba(image: Pick<DecodedPng, 'width' | 'height' | 'dark'>): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4)
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4
      const level = image.dark[y]![x] ? 0 : 255
      rgba[i] = level
      rgba[i + 1] = level
      rgba[i + 2] = level
      rgba[i + 3] = 255
    }
  }
  return rgba
}
