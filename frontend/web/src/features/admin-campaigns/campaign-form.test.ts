import { campaign } from './fixtures';
import {
  choosePlatform,
  createBody,
  emptyForm,
  formFromCampaign,
  missesRequired,
  totalCost,
  updateBody,
  validate,
} from './campaign-form';
import { variationsFor } from './campaign-platforms';

describe('the campaign form', () => {
  it('offers the variations of the chosen platform and resets the variation when it changes', () => {
    expect(variationsFor('')).toEqual([]);
    expect(variationsFor('appstore')).toEqual(['Install App', 'Rate App', 'Review App']);
    expect(variationsFor('applestore')).toEqual(variationsFor('appstore'));
    const youtube = { ...choosePlatform(emptyForm(), 'youtube'), taskVariation: 'Like Video' };
    expect(choosePlatform(youtube, 'youtube').taskVariation).toBe('Like Video');
    // Both have "Follow Account", but a new platform still starts over.
    const instagram = { ...choosePlatform(emptyForm(), 'instagram'), taskVariation: 'Follow Account' };
    expect(choosePlatform(instagram, 'tiktok')).toMatchObject({ taskPlatform: 'tiktok', taskVariation: '' });
  });

  it('names each missing required field', () => {
    const errors = validate({ ...emptyForm(), taskTime: '' });
    expect(errors).toEqual({
      taskName: 'Title is required.',
      taskPlatform: 'Platform is required.',
      taskUrl: 'URL is required.',
      taskPrice: 'Price per unit is required.',
      taskUnits: 'Units is required.',
    });
    expect(missesRequired(errors)).toBe(true);
  });

  it('refuses units that are not whole, prices with more than 2 decimals, and a bad URL', () => {
    const values = {
      ...choosePlatform(emptyForm(), 'website'),
      taskName: 'Visit',
      taskVariation: 'Visit Website',
      taskUrl: 'not a url',
      taskUnits: '2.5',
      taskPrice: '1.005',
    };
    const errors = validate(values);
    expect(errors).toEqual({
      taskUrl: 'Please enter a valid URL.',
      taskUnits: 'Units must be a whole number of at least 1.',
      taskPrice: 'Price per unit must be a naira amount with at most 2 decimals.',
    });
    expect(missesRequired(errors)).toBe(false);
    expect(validate({ ...values, taskUrl: 'https://kobo.ng', taskUnits: '3', taskPrice: '0' })).toEqual({
      taskPrice: 'Price per unit must be more than ₦0.',
    });
  });

  it('bounds the title, instructions and URL as the server does', () => {
    const values = {
      ...choosePlatform(emptyForm(), 'website'),
      taskVariation: 'Visit Website',
      taskUnits: '3',
      taskPrice: '10',
      taskName: 't'.repeat(200),
      taskInstructions: 'i'.repeat(2000),
      taskUrl: `https://kobo.ng/${'u'.repeat(2048 - 'https://kobo.ng/'.length)}`,
    };
    expect(validate(values)).toEqual({});
    expect(
      validate({
        ...values,
        taskName: `${values.taskName}t`,
        taskInstructions: `${values.taskInstructions}i`,
        taskUrl: `${values.taskUrl}u`,
      }),
    ).toEqual({
      taskName: 'Title is at most 200 characters.',
      taskInstructions: 'Instructions are at most 2,000 characters.',
      taskUrl: 'URL is at most 2,048 characters.',
    });
  });

  it('shows units × price to the kobo, and sends numbers', () => {
    const values = {
      ...choosePlatform(emptyForm(), 'spotify'),
      taskName: ' Stream ',
      taskVariation: 'Stream Song',
      taskUrl: 'https://open.spotify.com/x',
      taskUnits: '3',
      taskPrice: '0.1',
    };
    expect(totalCost(values)).toBe(0.3);
    expect(totalCost({ ...values, taskUnits: '' })).toBeNull();
    expect(createBody(values)).toEqual({
      taskName: 'Stream',
      taskPlatform: 'spotify',
      taskVariation: 'Stream Song',
      taskInstructions: '',
      taskUrl: 'https://open.spotify.com/x',
      taskUnits: 3,
      taskPrice: 0.1,
      taskTime: 5,
    });
  });

  it('sends only what an edit changed', () => {
    const before = formFromCampaign(campaign({ taskPlatform: 'applestore', taskVariation: 'Rate App' }));
    expect(before.taskPlatform).toBe('appstore');
    expect(updateBody(before, { ...before, taskPrice: '55', taskStatus: 'paused' })).toEqual({
      taskPrice: 55,
      taskStatus: 'paused',
    });
    expect(updateBody(before, before)).toEqual({});
  });
});
