import { PROOF_MAX_BYTES } from '../../shared/constants';
import {
  PROOF_EMPTY,
  PROOF_TOO_LARGE,
  PROOF_WRONG_TYPE,
  formatFileSize,
  proofFileProblem,
} from './proof-file';

describe('the proof screenshot check in the browser', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG'])('accepts %s', (type) => {
    expect(proofFileProblem({ type, size: 1000 })).toBeNull();
  });

  it.each(['image/gif', 'image/svg+xml', 'application/pdf', 'text/plain', ''])('refuses %s', (type) => {
    expect(proofFileProblem({ type, size: 1000 })).toBe(PROOF_WRONG_TYPE);
  });

  it('accepts exactly 10 MB and refuses a byte more', () => {
    expect(proofFileProblem({ type: 'image/png', size: PROOF_MAX_BYTES })).toBeNull();
    expect(proofFileProblem({ type: 'image/png', size: PROOF_MAX_BYTES + 1 })).toBe(PROOF_TOO_LARGE);
  });

  it('refuses an empty file', () => {
    expect(proofFileProblem({ type: 'image/png', size: 0 })).toBe(PROOF_EMPTY);
  });

  it('shows sizes people read', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
