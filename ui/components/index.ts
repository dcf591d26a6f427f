// The design system. Importing it brings the tokens and element defaults; each component brings its own CSS.
import '../styles/index.css';

export { Alert, type AlertProps, type AlertTone } from './Alert';
export { Button, type ButtonProps, type ButtonStyle, type ButtonVariant, buttonClassName } from './Button';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { ErrorPage, type ErrorPageProps } from './ErrorPage';
export { DEFAULT_FOOTER_LINKS, Footer, type FooterLinks, type FooterProps } from './Footer';
export { IconButton, type IconButtonProps } from './IconButton';
export {
  ArrowDownIcon,
  ArrowUpIcon,
  CloseIcon,
  CopyIcon,
  EyeIcon,
  EyeOffIcon,
  PencilIcon,
  PersonIcon,
} from './icons';
export { LandingLayout, type LandingLayoutProps } from './LandingLayout';
export { Loader, type LoaderProps } from './Loader';
export { Logo, type LogoProps } from './Logo';
export {
  loadZxcvbn,
  type PasswordScorer,
  type StrengthLanguage,
  strengthLanguageOf,
} from './loadZxcvbn';
export { Modal, type ModalProps } from './Modal';
export { OneTimeCodeField, type OneTimeCodeFieldProps } from './OneTimeCodeField';
export { Pager, type PagerProps } from './Pager';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { PasswordStrengthMeter, type PasswordStrengthMeterProps } from './PasswordStrengthMeter';
export { type StrengthTone, strengthPercent, strengthTone } from './passwordStrength';
export {
  nextSort,
  SortableTable,
  type SortableTableProps,
  type TableColumn,
  type TableSort,
} from './SortableTable';
export { Stepper, type StepperProps } from './Stepper';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export { TextField, type TextFieldProps } from './TextField';
export { usePageTitle } from './usePageTitle';
export { usePasswordScore } from './usePasswordScore';
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden';
