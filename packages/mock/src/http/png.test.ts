import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodePng, PNG_SIGNATURE, readChunks } from '../../test/png-reader.js'
import { adler32, crc32, encodePng1Bit, MAX_STORED_BLOCK, zlibStored, type Bitmap } from './png.js'

const bytes = (text: string) => new TextEncoder().encode(text)

/** A deterministic, irregular picture: no row or column repeats with a short period. */
const noise: Bitmap = { width: 37, height: 23, isDark: (x, y) => (x * 7919 + y * 104_729 + x * y * 31) % 11 < 5 }

function pixels(bitmap: Bitmap): boolean[][] {
  return Array.from({ length: bitmap.height }, (_, y) =>
    Array.from({ length: bitmap.width }, (_, x) => bitmap.isDark(x, y)),
  )
}

/** The stored blocks of a zlib stream written by zlibStored: [BFINAL, LEN] of each. */
function storedBlocks(zlib: Uint8Array): Array<[final: number, length: number]> {
  const view = new DataView(zlib.buffer, zlib.byteOffset, zlib.byteLength)
  const blocks: Array<[number, number]> = []
  let at = 2
  for (;;) {
    const header = zlib[at]!
    const length = view.getUint16(at + 1, true)
    expect(view.getUint16(at + 3, true), 'NLEN is the complement of LEN').toBe(~length & 0xffff)
    expect(header & 0b110, 'BTYPE 00: stored').toBe(0)
    blocks.push([header & 1, length])
    at += 5 + length
    if (header & 1) break
  }
  expect(at + 4, 'the Adler-32 ends the stream right after the final block').toBe(zlib.length)
  return blocks
}

describe('checksums', () => {
  it('CRC-32 matches the known answers (ISO-HDLC check value of "123456789" is 0xCBF43926)', () => {
    expect(crc32(bytes('123456789'))).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
    expect(crc32(bytes('IEND'))).toBe(0xae426082) // the CRC every PNG ends with
  })

  it('Adler-32 matches the known answers ("Wikipedia" is 0x11E60398, empty is 1)', () => {
    expect(adler32(bytes('Wikipedia'))).toBe(0x11e60398)
    expect(adler32(new Uint8Array(0))).toBe(1)
  })

  it('Adler-32 stays exact past the 5552-byte reduction step and on large sums', () => {
    // 0xff bytes drive both sums up fastest; a direct per-byte modulo is the reference.
    for (const length of [5551, 5552, 5553, 100_000]) {
      const data = new Uint8Array(length).fill(0xff)
      let a = 1
      let b = 0
      for (const byte of data) {
        a = (a + byte) % 65_521
        b = (b + a) % 65_521
      }
      expect(adler32(data), `${length} bytes`).toBe(((b << 16) | a) >>> 0)
    }
  })
})

describe('zlibStored', () => {
  it('any inflater gives the data back, including an empty input (one empty final block)', () => {
    for (const data of [
      new Uint8Array(0),
      bytes('hello'),
      new Uint8Array(MAX_STORED_BLOCK),
      new Uint8Array(MAX_STORED_BLOCK + 1).fill(7),
    ]) {
      const stream = zlibStored(data)
      expect(new Uint8Array(inflateSync(stream))).toEqual(data)
    }
    expect(storedBlocks(zlibStored(new Uint8Array(0)))).toEqual([[1, 0]])
  })

  it('starts with the zlib header 0x78 0x01 (deflate, 32 KiB window, a valid check) and ends with the Adler-32', () => {
    const stream = zlibStored(bytes('Wikipedia'))
    expect([...stream.subarray(0, 2)]).toEqual([0x78, 0x01])
    expect(((stream[0]! << 8) | stream[1]!) % 31).toBe(0)
    expect(new DataView(stream.buffer).getUint32(stream.length - 4)).toBe(0x11e60398)
  })

  it('splits data into stored blocks of at most 65535 bytes, only the last one final', () => {
    const data = new Uint8Array(2 * MAX_STORED_BLOCK + 10).map((_, i) => i % 251)
    expect(storedBlocks(zlibStored(data))).toEqual([
      [0, 65_535],
      [0, 65_535],
      [1, 10],
    ])
    expect(storedBlocks(zlibStored(new Uint8Array(MAX_STORED_BLOCK)))).toEqual([[1, 65_535]])
  })
})

describe('encodePng1Bit', () => {
  it('writes the PNG signature, then IHDR, IDAT and IEND, each with a correct CRC-32', () => {
    const png = encodePng1Bit(noise)
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const chunks = readChunks(png)
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    for (const chunk of chunks) expect(chunk.storedCrc, `CRC of ${chunk.type}`).toBe(chunk.computedCrc)
    expect(chunks[2]!.data.length).toBe(0)
  })

  it('IHDR says width, height, bit depth 1, grayscale, deflate, adaptive filtering, no interlace', () => {
    const image = decodePng(encodePng1Bit(noise))
    expect(image).toMatchObject({
      width: 37,
      height: 23,
      bitDepth: 1,
      colourType: 0,
      compression: 0,
      filter: 0,
      interlace: 0,
    })
  })

  it('the inflated pixels equal the input: black for true, rows padded to whole bytes with filter None', () => {
    const image = decodePng(encodePng1Bit(noise))
    expect(image.dark).toEqual(pixels(noise))
    // 37 px = 5 bytes a row (3 bits unused), plus the filter byte.
    expect(image.raw.length).toBe(23 * 6)
  })

  it('rows of booleans and a Bitmap function give the same file', () => {
    expect(encodePng1Bit(pixels(noise))).toEqual(encodePng1Bit(noise))
    const diagonal = encodePng1Bit([
      [true, false],
      [false, true],
    ])
    expect(decodePng(diagonal).dark).toEqual([
      [true, false],
      [false, true],
    ])
    expect(diagonal.length).toBe(72) // the figure in the TSDoc example
  })

  it('a large image spans several stored blocks and still decodes pixel for pixel', () => {
    // 2000 x 600: 251 bytes a row, 150 600 bytes of image data, three stored blocks.
    const large: Bitmap = { width: 2000, height: 600, isDark: (x, y) => (x ^ y) % 3 === 0 }
    const png = encodePng1Bit(large)
    const image = decodePng(png)
    expect(storedBlocks(image.zlib)).toEqual([
      [0, 65_535],
      [0, 65_535],
      [1, 150_600 - 2 * 65_535],
    ])
    // Counted rather than compared with toEqual: 1.2 million booleans make a slow diff.
    let wrong = 0
    for (let y = 0; y < large.height; y++)
      for (let x = 0; x < large.width; x++) if (image.dark[y]![x] !== large.isDark(x, y)) wrong++
    expect(wrong).toBe(0)
  })

  it('scale s turns every pixel into an s x s square, rows and columns alike', () => {
    for (const scale of [1, 3, 8]) {
      const image = decodePng(encodePng1Bit(noise, { scale }))
      expect([image.width, image.height]).toEqual([37 * scale, 23 * scale])
      const expected = Array.from({ length: 23 * scale }, (_, y) =>
        Array.from({ length: 37 * scale }, (_, x) => noise.isDark(Math.floor(x / scale), Math.floor(y / scale))),
      )
      expect(image.dark, `scale ${scale}`).toEqual(expected)
    }
    expect(encodePng1Bit(noise, { scale: 1 })).toEqual(encodePng1Bit(noise))
  })

  it('a 1 x 1 image is valid (the smallest PNG allows)', () => {
    expect(decodePng(encodePng1Bit([[true]])).dark).toEqual([[true]])
    expect(decodePng(encodePng1Bit([[false]])).dark).toEqual([[false]])
  })

  it(
    'refuses an empty picture, ragged rows, sides that are not integers ' +
      'from 1 and a scale that is not a whole factor',
    () => {
      expect(() => encodePng1Bit([])).toThrow(RangeError)
      expect(() => encodePng1Bit([[]])).toThrow(RangeError)
      expect(() => encodePng1Bit([[true, false], [true]])).toThrow(/row 1 has 1/)
      expect(() => encodePng1Bit({ width: 0, height: 5, isDark: () => true })).toThrow(/width/)
      expect(() => encodePng1Bit({ width: 2.5, height: 5, isDark: () => true })).toThrow(/width/)
      expect(() => encodePng1Bit({ width: 5, height: -1, isDark: () => true })).toThrow(/height/)
      expect(() => encodePng1Bit({ width: 5, height: 2 ** 30, isDark: () => true }, { scale: 2 })).toThrow(
        /after scaling/,
      )
      for (const scale of [0, 1.5, -2]) expect(() => encodePng1Bit(noise, { scale }), `scale ${scale}`).toThrow(/scale/)
    },
  )
})
