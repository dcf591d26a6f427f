// The design system. Importing it brings the tokens and element defaults; each component brings its own CSS.
import '../styles/index.css';

export { Alert } from './Alert';
export { Button, buttonClassName } from './Button';
export { ErrorPage } from './ErrorPage';
export { Footer, type FooterLinks } from './Footer';
export { PersonIcon } from './icons';
export { LandingLayout } from './LandingLayout';
export { Loader } from './Loader';
export { Logo } from './Logo';
export { Tabs } from './Tabs';
export { TextField } from './TextField';
export { usePageTitle } from './usePageTitle';
