// The server renders the forgot-password modal in place (see in-place-on-server.tsx); the
// browser build empties this module, so home reaches the modal only through its lazy import.
export { ForgotPasswordModal } from "./ForgotPasswordModal";
