-- The officer's day, continued: requests to the citizen are closed when answered or when the case
-- ends otherwise, and the scheduled job finds the open ones by their answer-by date.
ALTER TABLE "information_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "information_requests_open_idx" ON "information_requests" USING btree ("answer_by") WHERE "closed_at" IS NULL;--> statement-breakpoint
-- The national public holidays of the Lao PDR for 2026 and 2027: the fixed-date days of the
-- government's decree, and the Monday after one that falls on a weekend (the compensation day the
-- decree usually gives). An admin adjusts them to each year's official notice (docs/decisions.md).
INSERT INTO "non_working_days" ("date", "kind", "scope", "name_en", "name_lo") VALUES
  ('2026-01-01', 'holiday', 'national', 'International New Year''s Day', 'ວັນປີໃໝ່ສາກົນ'),
  ('2026-03-08', 'holiday', 'national', 'International Women''s Day', 'ວັນແມ່ຍິງສາກົນ'),
  ('2026-03-09', 'holiday', 'national', 'International Women''s Day (compensation day)', 'ວັນພັກຊົດເຊີຍ ວັນແມ່ຍິງສາກົນ'),
  ('2026-04-14', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2026-04-15', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2026-04-16', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2026-05-01', 'holiday', 'national', 'International Labour Day', 'ວັນກຳມະກອນສາກົນ'),
  ('2026-12-02', 'holiday', 'national', 'National Day', 'ວັນຊາດ'),
  ('2027-01-01', 'holiday', 'national', 'International New Year''s Day', 'ວັນປີໃໝ່ສາກົນ'),
  ('2027-03-08', 'holiday', 'national', 'International Women''s Day', 'ວັນແມ່ຍິງສາກົນ'),
  ('2027-04-14', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2027-04-15', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2027-04-16', 'holiday', 'national', 'Pi Mai Lao (Lao New Year)', 'ບຸນປີໃໝ່ລາວ'),
  ('2027-05-01', 'holiday', 'national', 'International Labour Day', 'ວັນກຳມະກອນສາກົນ'),
  ('2027-05-03', 'holiday', 'national', 'International Labour Day (compensation day)', 'ວັນພັກຊົດເຊີຍ ວັນກຳມະກອນສາກົນ'),
  ('2027-12-02', 'holiday', 'national', 'National Day', 'ວັນຊາດ')
ON CONFLICT ("date", "scope") DO NOTHING;--> statement-breakpoint
-- The reasons catalogue: what the citizen reads, and what to do about it, in both languages.
INSERT INTO "decision_reasons" ("code", "usage", "text_en", "text_lo", "action_en", "action_lo", "sort") VALUES
  ('household_book_unreadable', 'both',
   'A page of the household registration book cannot be read.',
   'ບາງໜ້າຂອງປຶ້ມສຳມະໂນຄົວອ່ານບໍ່ອອກ.',
   'Send a clear photo or scan of every page of the household registration book.',
   'ກະລຸນາສົ່ງຮູບ ຫຼື ສະແກນທີ່ຊັດເຈນຂອງທຸກໜ້າຂອງປຶ້ມສຳມະໂນຄົວ.', 10),
  ('proof_of_residence_missing', 'both',
   'The proof of residence is missing or older than three months.',
   'ບໍ່ມີຫຼັກຖານທີ່ຢູ່ອາໄສ ຫຼື ຫຼັກຖານທີ່ຢູ່ອາໄສເກົ່າກວ່າສາມເດືອນ.',
   'Send a proof of residence dated within the last three months, such as a letter from the village chief.',
   'ກະລຸນາສົ່ງຫຼັກຖານທີ່ຢູ່ອາໄສທີ່ອອກພາຍໃນສາມເດືອນຜ່ານມາ ເຊັ່ນ: ໜັງສືຢັ້ງຢືນຈາກນາຍບ້ານ.', 20),
  ('photo_rules', 'both',
   'The photo does not meet the rules: 3×4, in colour, the face clearly visible on a plain background.',
   'ຮູບຖ່າຍບໍ່ຖືກຕາມລະບຽບ: ຂະໜາດ 3×4, ຮູບສີ, ເຫັນໃບໜ້າຊັດເຈນ ແລະ ພື້ນຫຼັງສີດຽວ.',
   'Send a recent 3×4 colour photo of your face on a plain light background.',
   'ກະລຸນາສົ່ງຮູບສີ 3×4 ທີ່ຖ່າຍໃໝ່ ເຫັນໃບໜ້າຊັດເຈນ ແລະ ພື້ນຫຼັງສີອ່ອນ.', 30),
  ('name_differs_from_id_card', 'both',
   'The name in the application differs from the name on your ID card.',
   'ຊື່ໃນຄຳຮ້ອງບໍ່ກົງກັບຊື່ໃນບັດປະຈຳຕົວຂອງທ່ານ.',
   'Correct your first and last name exactly as they are written on your ID card.',
   'ກະລຸນາແກ້ໄຂຊື່ ແລະ ນາມສະກຸນໃຫ້ຄືກັບທີ່ຂຽນໄວ້ໃນບັດປະຈຳຕົວ.', 40),
  ('wrong_village', 'both',
   'The village does not match your household registration book.',
   'ບ້ານທີ່ເລືອກບໍ່ກົງກັບປຶ້ມສຳມະໂນຄົວຂອງທ່ານ.',
   'Choose the village written in your household registration book.',
   'ກະລຸນາເລືອກບ້ານຕາມທີ່ຂຽນໄວ້ໃນປຶ້ມສຳມະໂນຄົວ.', 50),
  ('family_book_number_mismatch', 'both',
   'The family book number does not match the household registration book.',
   'ເລກທີປຶ້ມສຳມະໂນຄົວບໍ່ກົງກັບປຶ້ມສຳມະໂນຄົວທີ່ສົ່ງມາ.',
   'Enter the family book number exactly as it is printed in the book.',
   'ກະລຸນາປ້ອນເລກທີປຶ້ມສຳມະໂນຄົວໃຫ້ຄືກັບທີ່ພິມໄວ້ໃນປຶ້ມ.', 60),
  ('not_resident_in_district', 'reject',
   'The documents do not show that you live in this district.',
   'ເອກະສານບໍ່ສະແດງວ່າທ່ານອາໄສຢູ່ໃນເມືອງນີ້.',
   'Apply in the district where your household registration book is kept.',
   'ກະລຸນາຍື່ນຄຳຮ້ອງຢູ່ເມືອງທີ່ປຶ້ມສຳມະໂນຄົວຂອງທ່ານຂຶ້ນທະບຽນໄວ້.', 70),
  ('duplicate_application', 'reject',
   'You already have another application for a resident certificate in progress.',
   'ທ່ານມີຄຳຮ້ອງຂໍໃບຢັ້ງຢືນທີ່ຢູ່ອີກສະບັບໜຶ່ງທີ່ກຳລັງດຳເນີນການຢູ່.',
   'Follow your other application in the app; there is no need to apply twice.',
   'ກະລຸນາຕິດຕາມຄຳຮ້ອງອີກສະບັບໜຶ່ງຂອງທ່ານໃນແອັບ; ບໍ່ຈຳເປັນຕ້ອງຍື່ນສອງຄັ້ງ.', 80)
ON CONFLICT ("code") DO NOTHING;
