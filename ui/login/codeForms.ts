/** The login's code and recovery-code forms: one chunk, loaded by LoginView while the password is checked. */
export { CodeForm } from './CodeForm';
export { RecoveryForm } from './RecoveryForm';
