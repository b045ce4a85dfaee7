import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../session/account-sessions';
import { csvCell } from './csv';
import { shortenIp } from './client-ip';

describe('shortenIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['kein-ip', null],
    [undefined, null],
  ])('%s → %s', (ip, expected) => {
    expect(shortenIp(ip)).toBe(expected);
  });
});

describe('describeUserAgent', () => {
  it('names browser and system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 131', system: 'Windows 10' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unbekannt', system: 'Unbekannt' });
  });
});

describe('csvCell', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('sagt "hallo"')).toBe('"sagt ""hallo"""');
    expect(csvCell('x"; y')).toBe('"x""; y"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
  });
});
