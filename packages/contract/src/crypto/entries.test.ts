import { describe, expect, it } from 'vitest'
import * as defaultEntry from './index.js'
import * as nodeEntry from './index.node.js'
import * as resolved from '@merchant-gateway/contract/crypto'

describe('crypto entry points', () => {
  it('the default entry signs with Web Crypto and the node entry with node:crypto', () => {
    expect(defaultEntry.hmac.name).toBe('web')
    expect(defaultEntry.signer.provider).toBe(defaultEntry.hmac)
    expect(nodeEntry.hmac.name).toBe('node')
    expect(nodeEntry.signer.provider).toBe(nodeEntry.hmac)
  })

  it('the node entry offers every name of the default entry, plus the node:crypto extras', () => {
    const defaultNames = Object.keys(defaultEntry).sort()
    const nodeNames = Object.keys(nodeEntry).sort()
    expect(defaultNames).toEqual([
      'constantTimeEqual',
      'createSigner',
      'fromHex',
      'hmac',
      'requestSignatureMessage',
      'signer',
      'toHex',
      'webCryptoHmac',
      'webhookSignatureMessage',
    ])
    expect(nodeNames).toEqual([...defaultNames, 'nodeCryptoHmac', 'nodeTimingSafeEqual'].sort())
  })

  it('under the node condition the package subpath resolves to the node:crypto entry', () => {
    expect(resolved.hmac.name).toBe('node')
  })

  it('both entries produce the same signatures', async () => {
    const params = { secret: 's', body: '{"orderId":1,"refundAmount":1}', timestamp: '1767225600' }
    expect(await defaultEntry.signer.signRequest(params)).toBe(await nodeEntry.signer.signRequest(params))
  })
})
