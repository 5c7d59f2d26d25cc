import { describe, expect, it } from 'vitest';
import { canSubmit, checkImage, errorsFromServer, validateAdvanced, validateBasic } from './model';

const basic = { country: 'DE', name: 'Erika Mustermann', idNumber: 'T22000129' };

describe('basic verification', () => {
  it('asks for country or region, name and ID number (spec §5)', () => {
    expect(validateBasic({ country: '', name: ' ', idNumber: '' })).toEqual({
      country: 'kyc.errors.country',
      name: 'kyc.errors.name',
      idNumber: 'kyc.errors.idNumber',
    });
    expect(validateBasic(basic)).toEqual({});
  });

  it('refuses an ID number the server would refuse, and an overlong name', () => {
    expect(validateBasic({ ...basic, idNumber: 'ab' }).idNumber).toBe('kyc.errors.idNumberInvalid');
    expect(validateBasic({ ...basic, idNumber: 'AB 1234' }).idNumber).toBe('kyc.errors.idNumberInvalid');
    expect(validateBasic({ ...basic, idNumber: '110-101-1990' }).idNumber).toBeUndefined();
    expect(validateBasic({ ...basic, name: 'x'.repeat(101) }).name).toBe('kyc.errors.nameLength');
  });
});

describe('advanced verification', () => {
  it('asks for address, city and both photos only (the identity is the verified basic one)', () => {
    expect(validateAdvanced({ address: '', city: '', frontImage: null, backImage: null })).toEqual({
      address: 'kyc.errors.address',
      city: 'kyc.errors.city',
      frontImage: 'kyc.errors.front',
      backImage: 'kyc.errors.back',
    });
    const photo = `${'a'.repeat(32)}.png`;
    expect(
      validateAdvanced({ address: 'Main St 1', city: 'Berlin', frontImage: photo, backImage: `${'b'.repeat(32)}.png` }),
    ).toEqual({});
  });
});

describe('photos', () => {
  it('takes images up to 5 MB only', () => {
    expect(checkImage({ type: 'image/png', size: 1024 })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('kyc.errors.imageSize');
    expect(checkImage({ type: 'application/pdf', size: 1024 })).toBe('kyc.errors.imageType');
  });
});

describe('server answers', () => {
  it.each([
    ['idNumber', 'invalid', 'kyc.errors.idNumberInvalid'],
    ['city', 'required', 'kyc.errors.city'],
    ['backImage', 'duplicate', 'kyc.errors.backSame'],
    ['backImage', 'required', 'kyc.errors.back'],
    ['other', 'invalid', undefined],
  ] as const)('maps a refused %s (%s) to its prompt: %s', (field, reason, prompt) => {
    expect(errorsFromServer([{ field, reason }])).toEqual(prompt ? { [field]: prompt } : {});
  });

  it('lets a level be submitted when unverified or rejected only', () => {
    expect(canSubmit({ status: 'unverified' })).toBe(true);
    expect(canSubmit({ status: 'rejected' })).toBe(true);
    expect(canSubmit({ status: 'review' })).toBe(false);
    expect(canSubmit({ status: 'verified' })).toBe(false);
  });
});
