/**
 * Known-answer and property tests run against BOTH HMAC providers, so node:crypto and Web
 * Crypto are held to one table of expected bytes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { HmacProvider } from './hmac-provider.js'
import { concatBytes, constantTimeEqual, fromHex, toHex, utf8 } from './encoding.js'
import { requestSignatureMessage, webhookSignatureMessage } from './messages.js'
import { nodeCryptoHmac, nodeTimingSafeEqual } from './node.js'
import { createSigner } from './signing.js'
import { webCryptoHmac } from './web.js'

const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((byte) => Number.parseInt(byte, 16)))
const repeat = (byte: number, count: number) => new Uint8Array(count).fill(byte)

// RFC 4231 section 4: HMAC-SHA-256 test cases. Case 5 is truncated to 128 bits, so only its
// prefix is compared.
const RFC_4231: { name: string; key: Uint8Array; data: Uint8Array; mac: string }[] = [
  {
    name: 'case 1 (20-byte key)',
    key: repeat(0x0b, 20),
    data: utf8('Hi There'),
    mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  },
  {
    name: 'case 2 (key shorter than the output)',
    key: utf8('Jefe'),
    data: utf8('what do ya want for nothing?'),
    mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    name: 'case 3 (50 bytes of 0xdd)',
    key: repeat(0xaa, 20),
    data: repeat(0xdd, 50),
    mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  },
  {
    name: 'case 4 (25-byte key)',
    key: hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
    data: repeat(0xcd, 50),
    mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  },
  {
    name: 'case 6 (131-byte key, larger than the block)',
    key: repeat(0xaa, 131),
    data: utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
    mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  },
  {
    name: 'case 7 (131-byte key and data larger than the block)',
    key: repeat(0xaa, 131),
    data: utf8(
      'This is a test using a larger than block-size key and a larger than ' +
        'block-size data. The key needs to be hashed before being used by the ' +
        'HMAC algorithm.',
    ),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
]
const RFC_4231_CASE_5 = {
  key: repeat(0x0c, 20),
  data: utf8('Test With Truncation'),
  truncatedMac: 'a3b6167473100ee06e0c796c2955552b',
}

// Our message formats. Each expected value was computed once, independently of this code, with:
//   printf '%s' '<message>' | openssl dgst -sha256 -hmac test_secret
// where <message> is the body followed by the timestamp, exactly as in the comments below.
const SECRET = 'test_secret'
const REFUND_BODY = '{"orderId":1024,"refundAmount":5.5}'
const TIMESTAMP = '1767225600'
// message: {"orderId":1024,"refundAmount":5.5}1767225600
const REFUND_SIGNATURE = 'cc2fdfe06332f4688694265f65f67620979197adada4bdd634a162b0ae9dd8ee'

const WEBHOOK_BODY =
  '{"accountName":"Sok Dara","accountNumber":"012345678","amount":12.5,"appId":1001,' +
  '"createTimeMilli":1767225600999,"currency":"USD","orderId":1024,"status":"SUCCESS","transactionId":5001}'
const WEBHOOK_CREATE_TIME_MILLI = 1767225600999
// message: <WEBHOOK_BODY>1767225600 (floor(1767225600999 / 1000), not rounded up)
const WEBHOOK_SIGNATURE = 'a28ba7b8a06f2cc786a5e71532af50f4bfd4a26de2dbbe7f079e96c5a25ac428'

// Khmer, Latin-1 and an astral-plane emoji: 3-, 2- and 4-byte UTF-8 sequences.
const NON_ASCII_BODY = '{"orderId":1024,"refundAmount":5.5,"remark":"ការបង្វិលប្រាក់ café 💸"}'
// message: <NON_ASCII_BODY>1767225600, as UTF-8 bytes
const NON_ASCII_SIGNATURE = 'cbb24b75ff8f4c385f71e5a17c84255890d1a783254cef5da03e91115f27c7e0'

const PROVIDERS: HmacProvider[] = [nodeCryptoHmac, webCryptoHmac]

describe.each(PROVIDERS)('$name HMAC provider', (provider) => {
  const signer = createSigner(provider)

  it.each(RFC_4231)('matches RFC 4231 $name', async ({ key, data, mac }) => {
    expect(await provider.hmacSha256Hex(key, data)).toBe(mac)
  })

  it('matches the 128-bit prefix of RFC 4231 case 5 (truncated output)', async () => {
    const mac = await provider.hmacSha256Hex(RFC_4231_CASE_5.key, RFC_4231_CASE_5.data)
    expect(mac.slice(0, 32)).toBe(RFC_4231_CASE_5.truncatedMac)
  })

  it('a string secret is keyed by its UTF-8 bytes', async () => {
    expect(await provider.hmacSha256Hex('Jefe', utf8('what do ya want for nothing?'))).toBe(RFC_4231[1]!.mac)
    const fromText = await provider.hmacSha256Hex('ключ', utf8('x'))
    expect(fromText).toBe(await provider.hmacSha256Hex(utf8('ключ'), utf8('x')))
  })

  it('an empty secret is refused', async () => {
    await expect(provider.hmacSha256Hex('', utf8('x'))).rejects.toThrow(TypeError)
    await expect(provider.hmacSha256Hex(new Uint8Array(0), utf8('x'))).rejects.toThrow(TypeError)
  })

  it('a signed request signs the raw body followed by X-Timestamp (known answer)', async () => {
    expect(await signer.signRequest({ secret: SECRET, body: REFUND_BODY, timestamp: TIMESTAMP })).toBe(REFUND_SIGNATURE)
    expect(await signer.signRequest({ secret: SECRET, body: utf8(REFUND_BODY), timestamp: TIMESTAMP })).toBe(
      REFUND_SIGNATURE,
    )
  })

  it('a webhook signs the raw body followed by floor(createTimeMilli / 1000) (known answer)', async () => {
    expect(
      await signer.signWebhook({ secret: SECRET, rawBody: WEBHOOK_BODY, createTimeMilli: WEBHOOK_CREATE_TIME_MILLI }),
    ).toBe(WEBHOOK_SIGNATURE)
  })

  it('a non-ASCII body is signed over its UTF-8 bytes (known answer)', async () => {
    expect(await signer.signRequest({ secret: SECRET, body: NON_ASCII_BODY, timestamp: TIMESTAMP })).toBe(
      NON_ASCII_SIGNATURE,
    )
  })

  it('output is 64 lowercase hex characters', async () => {
    expect(await provider.hmacSha256Hex(SECRET, utf8(''))).toMatch(/^[0-9a-f]{64}$/)
  })

  it('verifyRequest accepts the signature of the exact body and timestamp', async () => {
    const params = { secret: SECRET, body: REFUND_BODY, timestamp: TIMESTAMP }
    expect(await signer.verifyRequest({ ...params, signature: REFUND_SIGNATURE })).toBe(true)
  })

  it('tampering with any one byte of the body makes verifyRequest false', async () => {
    const body = utf8(REFUND_BODY)
    for (let i = 0; i < body.length; i++) {
      const tampered = body.slice()
      tampered[i] = tampered[i]! ^ 0x01
      expect(
        await signer.verifyRequest({
          secret: SECRET,
          body: tampered,
          timestamp: TIMESTAMP,
          signature: REFUND_SIGNATURE,
        }),
      ).toBe(false)
    }
  })

  it('a changed timestamp or secret makes verifyRequest false', async () => {
    const base = { secret: SECRET, body: REFUND_BODY, signature: REFUND_SIGNATURE }
    expect(await signer.verifyRequest({ ...base, timestamp: '1767225601' })).toBe(false)
    expect(await signer.verifyRequest({ ...base, timestamp: `${TIMESTAMP} ` })).toBe(false)
    expect(await signer.verifyRequest({ ...base, timestamp: TIMESTAMP, secret: 'test_secreT' })).toBe(false)
  })

  it('re-serialised JSON is a different body: the signature covers the text as sent', async () => {
    const reformatted = JSON.stringify(JSON.parse(REFUND_BODY), null, 2)
    expect(
      await signer.verifyRequest({
        secret: SECRET,
        body: reformatted,
        timestamp: TIMESTAMP,
        signature: REFUND_SIGNATURE,
      }),
    ).toBe(false)
  })

  it.each([
    ['uppercase hex', REFUND_SIGNATURE.toUpperCase()],
    ['too short', REFUND_SIGNATURE.slice(0, 63)],
    ['too long', `${REFUND_SIGNATURE}0`],
    ['non-hex characters', `${REFUND_SIGNATURE.slice(0, 63)}g`],
    ['surrounding whitespace', ` ${REFUND_SIGNATURE}`],
    ['a sha256= prefix', `sha256=${REFUND_SIGNATURE}`],
    ['empty', ''],
    ['missing (null)', null],
    ['missing (undefined)', undefined],
  ])('a signature that is %s verifies false', async (_label, signature) => {
    expect(await signer.verifyRequest({ secret: SECRET, body: REFUND_BODY, timestamp: TIMESTAMP, signature })).toBe(
      false,
    )
    expect(
      await signer.verifyWebhook({
        secret: SECRET,
        rawBody: WEBHOOK_BODY,
        createTimeMilli: WEBHOOK_CREATE_TIME_MILLI,
        signature,
      }),
    ).toBe(false)
  })

  it('verifyWebhook accepts any createTimeMilli within the same second and rejects the next second', async () => {
    const base = { secret: SECRET, rawBody: WEBHOOK_BODY, signature: WEBHOOK_SIGNATURE }
    expect(await signer.verifyWebhook({ ...base, createTimeMilli: 1767225600000 })).toBe(true)
    expect(await signer.verifyWebhook({ ...base, createTimeMilli: WEBHOOK_CREATE_TIME_MILLI })).toBe(true)
    expect(await signer.verifyWebhook({ ...base, createTimeMilli: 1767225601000 })).toBe(false)
  })

  it('verifyWebhook is false for a tampered body or a non-finite createTimeMilli', async () => {
    const base = { secret: SECRET, signature: WEBHOOK_SIGNATURE }
    const tampered = WEBHOOK_BODY.replace('"amount":12.5', '"amount":125')
    expect(await signer.verifyWebhook({ ...base, rawBody: tampered, createTimeMilli: WEBHOOK_CREATE_TIME_MILLI })).toBe(
      false,
    )
    expect(await signer.verifyWebhook({ ...base, rawBody: WEBHOOK_BODY, createTimeMilli: Number.NaN })).toBe(false)
    expect(
      await signer.verifyWebhook({
        ...base,
        rawBody: WEBHOOK_BODY,
        createTimeMilli: '1767225600999' as unknown as number,
      }),
    ).toBe(false)
  })

  it('sign then verify round-trips for arbitrary bodies, timestamps and secrets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), fc.nat(), async (secret, body, seconds) => {
        const timestamp = String(seconds)
        const signature = await signer.signRequest({ secret, body, timestamp })
        expect(await signer.verifyRequest({ secret, body, timestamp, signature })).toBe(true)
      }),
      { numRuns: 50 },
    )
  })
})

/**
 * One Unicode code point, surrogates aside: fast-check's `unit: 'binary'`, the same values in the same order
 * (index n is code point n below U+D800, n + 0x800 above), without the reverse table of 1.1 million entries
 * fast-check builds on its first use of that unit (7 to 9 s of CPU, which put this file among the slowest).
 */
const codePoint = fc.nat({ max: 0x10ffff - 0x800 }).map(
  (n) => String.fromCodePoint(n < 0xd800 ? n : n + 0x800),
  (value) => {
    const code = typeof value === 'string' && value.length <= 2 ? value.codePointAt(0) : undefined
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= 0xd800 && code < 0xe000))
      throw new Error('not one code point')
    return code < 0xd800 ? code : code - 0x800
  },
)

describe('providers agree', () => {
  it('node:crypto and Web Crypto give the same HMAC for 200 random secrets and messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1, unit: codePoint }), fc.uint8Array({ minLength: 1, maxLength: 200 })),
        fc.uint8Array({ maxLength: 300 }),
        async (secret, message) => {
          const [a, b] = await Promise.all([
            nodeCryptoHmac.hmacSha256Hex(secret, message),
            webCryptoHmac.hmacSha256Hex(secret, message),
          ])
          expect(a).toBe(b)
        },
      ),
      { numRuns: 200 },
    )
  }, 30_000) // 400 HMACs: well under a second alone, but the machine is shared with Chromium during `npm test`

  it(
    'a message given as parts (text and bytes) hashes exactly as their ' + 'UTF-8 concatenation, on both providers',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1 }),
          fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.uint8Array({ maxLength: 50 })), { maxLength: 4 }),
          async (secret, parts) => {
            const joined = parts.reduce<Uint8Array>(
              (acc, part) => concatBytes(acc, typeof part === 'string' ? utf8(part) : part),
              new Uint8Array(0),
            )
            const expected = await nodeCryptoHmac.hmacSha256Hex(secret, joined)
            expect(await nodeCryptoHmac.hmacSha256Hex(secret, parts)).toBe(expected)
            expect(await webCryptoHmac.hmacSha256Hex(secret, parts)).toBe(expected)
          },
        ),
        { numRuns: 100 },
      )
    },
  )

  it('the Web Crypto provider works with Buffer deleted, as in a browser or Worker', async () => {
    const saved = globalThis.Buffer
    // @ts-expect-error -- simulating a runtime without Buffer
    delete globalThis.Buffer
    try {
      const signer = createSigner(webCryptoHmac)
      expect(
        await signer.signRequest({ secret: `${SECRET}-no-buffer`, body: REFUND_BODY, timestamp: TIMESTAMP }),
      ).toMatch(/^[0-9a-f]{64}$/)
      expect(await signer.signRequest({ secret: SECRET, body: REFUND_BODY, timestamp: TIMESTAMP })).toBe(
        REFUND_SIGNATURE,
      )
    } finally {
      globalThis.Buffer = saved
    }
  })

  it('the Web Crypto key cache keeps answers right when more secrets are used than it holds', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 40; i++) {
        const secret = `secret-${i}`
        expect(await webCryptoHmac.hmacSha256Hex(secret, utf8('m'))).toBe(
          await nodeCryptoHmac.hmacSha256Hex(secret, utf8('m')),
        )
      }
    }
  })
})

describe('messages', () => {
  it('the request message is the body bytes followed by the timestamp bytes, with nothing between', () => {
    expect(new TextDecoder().decode(requestSignatureMessage(REFUND_BODY, TIMESTAMP))).toBe(`${REFUND_BODY}${TIMESTAMP}`)
    expect(requestSignatureMessage(utf8('é'), '1')).toEqual(Uint8Array.from([0xc3, 0xa9, 0x31]))
  })

  it('the webhook message uses whole seconds, rounded down', () => {
    expect(new TextDecoder().decode(webhookSignatureMessage('{}', 1767225600999))).toBe('{}1767225600')
    expect(new TextDecoder().decode(webhookSignatureMessage('{}', 999))).toBe('{}0')
  })

  it('a non-finite createTimeMilli cannot be turned into a message', () => {
    expect(() => webhookSignatureMessage('{}', Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('encoding', () => {
  it('toHex is lowercase with two digits per byte', () => {
    expect(toHex(Uint8Array.from([0, 1, 171, 255]))).toBe('0001abff')
  })

  it('fromHex reads what toHex writes, in either case, and refuses an odd length or a non-hex digit', () => {
    const bytes = Uint8Array.from([0, 1, 171, 255, 16])
    expect(fromHex(toHex(bytes))).toEqual(bytes)
    expect(fromHex('ABff')).toEqual(Uint8Array.from([171, 255]))
    expect(fromHex('')).toEqual(new Uint8Array(0))
    expect(() => fromHex('abc')).toThrow(RangeError)
    expect(() => fromHex('zz')).toThrow(RangeError)
  })

  it('concatBytes keeps order and length', () => {
    expect(concatBytes(Uint8Array.from([1]), Uint8Array.from([2, 3]))).toEqual(Uint8Array.from([1, 2, 3]))
  })
})

describe.each([
  ['constantTimeEqual', constantTimeEqual],
  ['nodeTimingSafeEqual', nodeTimingSafeEqual],
])('%s', (_name, equal) => {
  it.each([
    ['', '', true],
    ['abc', 'abc', true],
    [REFUND_SIGNATURE, REFUND_SIGNATURE, true],
    ['abc', 'abd', false],
    ['abc', 'xbc', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['', 'a', false],
    ['a', '', false],
    ['abc', 'ABC', false],
    ['é', 'e', false],
    ['a\u0000', 'a', false],
  ])('(%j, %j) is %s', (a, b, expected) => {
    expect(equal(a, b)).toBe(expected)
    expect(equal(b, a)).toBe(expected)
  })
})
