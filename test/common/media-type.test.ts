import { describe, expect, it } from 'vitest'
import { isJsonMediaType, isJsonRequestType, mediaType } from '../../src/common/media-type.js'

describe('media type', () => {
  it.each([
    ['application/json', 'application/json'],
    ['Application/JSON; charset=UTF-8', 'application/json'],
    ['  application/problem+json ;charset=utf-8', 'application/problem+json'],
    ['text/plain;charset=UTF-8', 'text/plain'],
    ['', ''],
    [undefined, ''],
  ])('reads %j as the media type %j', (contentType, expected) => {
    expect(mediaType(contentType)).toBe(expected)
  })

  it.each([
    'application/json',
    'APPLICATION/JSON',
    'application/json; charset=utf-8',
    'application/json;charset=latin1',
    'application/json ; charset=utf-8',
    'application/json;',
    ' application/json ',
    'application/json\t',
    'application/merge-patch+json',
    'application/problem+json',
    'application/vnd.api+json',
    'application/vnd.worker.v2+json; q=1',
    'application/a+b+json',
    `application/json; x=${'y'.repeat(10_000)}`,
  ])('reads %j as JSON', (contentType) => {
    expect(isJsonMediaType(contentType)).toBe(true)
  })

  it.each([
    undefined,
    '',
    'json',
    'text/json',
    'text/plain',
    'application/jsonx',
    'application/jsonp',
    'application/json-seq',
    'application/+json',
    'application/json x',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain; type=application/json',
    '*/*',
    ';;;',
    'application/vnd.api+json+xml',
  ])('does not read %j as JSON', (contentType) => {
    expect(isJsonMediaType(contentType)).toBe(false)
  })
})

describe('a JSON request body type (the 415 gate)', () => {
  it.each([
    'application/json',
    'Application/JSON; charset=UTF-8',
    'application/json ; charset=utf-8',
    'application/json;',
    'application/json;;charset=utf-8',
    'application/json; charset="utf-8"',
    'application/json; x="a \\" b"',
    'application/merge-patch+json',
    'application/vnd.worker.v2+json',
  ])('accepts %j', (contentType) => {
    expect(isJsonRequestType(contentType)).toBe(true)
  })

  it.each([
    undefined,
    '',
    'text/json',
    'application/jsonp',
    'application/json x',
    'application/json; charset',
    'application/json; charset=',
    'application/json; charset=utf 8',
    'application/json; x="unterminated',
    'application/json; a=b c',
  ])('refuses %j', (contentType) => {
    expect(isJsonRequestType(contentType)).toBe(false)
  })

  it('decides a long hostile parameter list (no backtracking blow-up: the test would time out)', () => {
    expect(isJsonRequestType(`application/json${'; a="\\'.repeat(20_000)}`)).toBe(false)
    expect(isJsonRequestType(`application/json${'; a=b'.repeat(20_000)} `)).toBe(true)
  })
})
