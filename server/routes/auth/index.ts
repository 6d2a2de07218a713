import type { FastifyInstance } from 'fastify';
import loginRoutes from './login';
import officerSignInRoutes from './officer-sign-in';
import passkeyRoutes from './passkeys';
import otpRoutes from './otp';
import passwordRoutes from './password';
import registrationRoutes from './registration';

/** /v1/auth/*: register-check, register, verify-otp, resend-otp, login, logout, forgot-password, reset-password. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(registrationRoutes);
  await app.register(otpRoutes);
  await app.register(loginRoutes);
  await app.register(passwordRoutes);
  await app.register(officerSignInRoutes);
  await app.register(passkeyRoutes);
}
