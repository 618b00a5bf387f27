import { describe, expect, it } from 'vitest';
import { dispatchFromOptions, dispatchToOptions } from './dispatch-settings';

describe('dispatch settings', () => {
  it('reads unset statuses as off and the auto-reset as on by default', () => {
    expect(
      dispatchFromOptions({
        ORDER_STATUS_AFTER_SIZE_WEIGHT: '',
        ORDER_STATUS_AFTER_SEND: '',
        AUTO_RESET_AFTER_SEND: '',
      }),
    ).toEqual({ afterSizeWeight: '', afterSend: '', autoReset: true });
  });

  it('reads stored values', () => {
    expect(
      dispatchFromOptions({
        ORDER_STATUS_AFTER_SIZE_WEIGHT: '4',
        ORDER_STATUS_AFTER_SEND: '9',
        AUTO_RESET_AFTER_SEND: 'false',
      }),
    ).toEqual({ afterSizeWeight: '4', afterSend: '9', autoReset: false });
  });

  it('saves all three keys in one body, off as the empty value', () => {
    expect(dispatchToOptions({ afterSizeWeight: '', afterSend: '9', autoReset: true })).toEqual([
      { key: 'ORDER_STATUS_AFTER_SIZE_WEIGHT', value: '' },
      { key: 'ORDER_STATUS_AFTER_SEND', value: '9' },
      { key: 'AUTO_RESET_AFTER_SEND', value: 'true' },
    ]);
  });
});
