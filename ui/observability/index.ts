export {
  type ChatSupportData,
  type ChatSupportOptions,
  type ChatSupportRoleName,
  type ChatSupportVendor,
  chatSupportTags,
  createChatSupport,
  loadChatSupportVendor,
  noChatSupport,
} from './chatSupport';
export {
  CHAT_SUPPORT_VENDORS,
  type ChatSupportVendorName,
  type ObservabilityConfig,
  readObservabilityConfig,
} from './config';
export { type ErrorReportingOptions, initErrorReporting, reportFailure } from './errorReporting';
