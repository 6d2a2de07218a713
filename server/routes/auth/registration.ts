import * as v from 'valibot';
import { registerBody, registerCheckRequest, type OtpSentResponse } from '../../../contract/auth';
import { MAX_FILE_BYTES } from '../../../contract/documents';
import { badRequest, tooManyRequests } from '../../lib/http-error';
import { schema, type TypedApp } from '../../lib/validation';
import { answers, messageDataAnswer } from '../../lib/answers';
import { otpSentAnswer } from './answers';
import { clientAddress } from '../../lib/client-address';
import { findByEmail, placeProblem, saveRegistration, takenIdentifiers } from '../../services/accounts';
import { otpMail } from '../../services/auth-mails';
import { decodeDocument } from '../../services/documents';
import { OTP, canSendCode, issueCode } from '../../services/otp';
import { hashPassword, isCommonPassword } from '../../services/passwords';
import { requestLanguage } from '../master-data';
import { commonPassword, emailTaken, idCardTaken, phoneTaken, uniqueViolation } from './errors';

const tags = ['auth'];

/** The ID card travels as a base64 data URL: 10 MB of image is ~13.4 MB of text, plus the form. */
const REGISTER_BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 256 * 1024;

export const otpSent = (email: string): OtpSentResponse => ({
  message: 'We sent a 4-digit code to your email.',
  data: { email, resend_after_seconds: OTP.resendIntervalSeconds, valid_minutes: OTP.validMinutes },
});

/** /v1/auth/register-check and /v1/auth/register (docs/specification.md#registration). */
export default async function registrationRoutes(app: TypedApp) {
  const checkSchema = {
    tags,
    summary: 'Are the e-mail and phone number free (and the password not a common one)? Step 1 of registration',
    body: schema(registerCheckRequest),
    response: answers({
      200: messageDataAnswer(v.object({ email: v.string(), phone_number: v.string() }), 'Both are free'),
    }),
  };
  app.post('/v1/auth/register-check', { schema: checkSchema }, async (req) => {
    const body = req.body;
    // The answer says whether the e-mail or phone has an account: asked at a bounded pace only.
    await app.budgets.lookup(req, [body.email, body.phone_number]);
    const taken = await takenIdentifiers(app.db, { email: body.email, phone: body.phone_number });
    // 400X1 before 400X2: the client focuses the first field in the form's order.
    if (taken.email) throw emailTaken();
    if (taken.phone) throw phoneTaken();
    if (body.password && isCommonPassword(body.password)) throw commonPassword();
    return {
      message: 'The email and phone number are available.',
      data: { email: body.email, phone_number: body.phone_number },
    };
  });

  app.post(
    '/v1/auth/register',
    {
      bodyLimit: REGISTER_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Create the account with the ID card image; a code is mailed to verify it',
        body: schema(registerBody),
        response: answers({ 200: otpSentAnswer }),
      },
    },
    async (req) => {
      const body = req.body;
      await app.budgets.lookup(req, [body.email, body.phone_number, body.id_card]);
      if (isCommonPassword(body.password)) throw commonPassword();
      const taken = await takenIdentifiers(app.db, {
        email: body.email,
        phone: body.phone_number,
        idCard: body.id_card,
      });
      if (taken.email) throw emailTaken();
      if (taken.phone) throw phoneTaken();
      if (taken.idCard) throw idCardTaken();
      const place = await placeProblem(app.db, body);
      if (place) throw badRequest('The place is not valid', place);
      // Counted before the image is decoded and written and the code mailed: what costs disk and mail.
      await app.budgets.registration(req, body.email);
      // Type by magic bytes (JPEG or PNG), at most 10 MB: 413/415/422 otherwise.
      const idCardImage = await decodeDocument(body.id_card_file, 'id_card', 'id_card_file');

      // Registering again with an e-mail nobody verified yet replaces that attempt; it still gets
      // at most one code per 30 s, so re-registering is no way around the resend limits.
      const previous = await findByEmail(app.db, body.email);
      if (previous) {
        const allowed = await canSendCode(app.db, previous.id);
        if (!allowed.ok)
          throw tooManyRequests(`Please wait ${allowed.retryAfterSeconds} seconds before asking for another code.`);
      }

      const language = requestLanguage(req);
      const passwordHash = await hashPassword(body.password);
      const stored = await app.documents.prepare(idCardImage);
      const now = new Date();
      const account = {
        email: body.email,
        phoneNumber: body.phone_number,
        idCard: body.id_card,
        passwordHash,
        role: 'citizen' as const,
        firstName: body.first_name,
        lastName: body.last_name,
        dateOfBirth: body.date_of_birth,
        address: body.address,
        houseNumber: body.house_number,
        provinceId: body.province_id,
        districtId: body.district_id,
        villageId: body.village_id,
        language,
        updatedAt: now,
      };
      let saved: { userId: number; replaced: string[] };
      try {
        saved = await saveRegistration(app.db, {
          previousId: previous?.id,
          account,
          idCard: { fileName: `id-card${idCardImage.contentType === 'image/png' ? '.png' : '.jpg'}`, ...stored },
          now,
        });
      } catch (err) {
        throw uniqueViolation(err) ?? err;
      }
      const { userId, replaced } = saved;
      await app.documents.removeUnreferenced(app.db, replaced);

      await issueCode(
        app.db,
        app.hashKey,
        userId,
        clientAddress(req),
        { resend: false, mail: codeMail(body.email, language) },
        now,
      );
      await app.mailQueue.kick();
      return otpSent(body.email);
    },
  );
}

/**
 * The code's mail, queued with the code: a mail server that is down delays it (the queue tries
 * again until the code expires), it never loses it.
 */
export const codeMail = (email: string, language: 'en' | 'lo') => (code: string) =>
  otpMail(email, language, code, OTP.validMinutes);
