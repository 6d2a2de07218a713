/**
 * The national-scale benchmark's data (scripts/bench/scale.ts): applications over four years across
 * every district, written in bulk by SQL (generate_series) as the services write them — the citizen's
 * account, the application with its applicant data, payment, clock and due day, the status
 * history rows of each step (created, paid, decided with its reasons, handed over), the officer's
 * access-log rows around each decision, first downloads, pick-up visits and satisfaction answers.
 * What it does not write: documents (an application's files; the officer screens read them only
 * when opened) and notifications and mails.
 */
import type pg from 'pg';

/** Four years up to now, about 1,000 applications a working day at a million. */
const YEARS = 4;

/**
 * Adds `count` applications (and their citizens) after the ones already there. `officers` act in
 * the history and the access log.
 */
export async function seedApplications(client: pg.Client, count: number, officers: number[]): Promise<void> {
  const [{ first }] = (await client.query<{ first: string }>(`select coalesce(max(id), 0) + 1 as first from users`))
    .rows;
  const from = Number(first);
  const to = from + count - 1;
  await client.query('select setseed(0.42)');
  // Citizens: one account per application (a real citizen applies once or twice in four years).
  await client.query(
    `insert into users (id, email, phone_number, id_card, password_hash, first_name, last_name, date_of_birth,
       province_id, district_id, village_id, language, verified_at, created_at)
     select g, 'bench' || g || '@example.la', '8562' || lpad(g::text, 8, '0'), lpad((100000000000 + g)::text, 12, '0'),
       '$argon2id$v=19$m=19456,t=2,p=1$bench$bench', fn[1 + (g % 40)], ln[1 + ((g / 40) % 60)], '1990-01-01',
       null, null, null, case when g % 3 = 0 then 'en' else 'lo' end, now(), now()
     from generate_series($1::int, $2::int) g,
       (select array['Somchai','Bounmy','Khamla','Vilayvanh','Chanthala','Manivanh','Bounthavy','Souksavanh','Phonesavanh','Noy',
                     'Keo','Kham','Vanh','Dao','Lamphone','Oudom','Phout','Sengdao','Thongchanh','Viengkham',
                     'Anousone','Bouasone','Chansamone','Douangchai','Inpone','Khampheng','Latsamy','Malaythong','Nouphanh','Outhai',
                     'Phetsamone','Sisomphone','Sonexay','Thavisouk','Vatsana','Xaysana','Yothin','Amphay','Boualy','Chinda'] as fn,
               array['Phommachanh','Sisouphanh','Keomany','Vongsa','Inthavong','Sayavong','Phanthavong','Souvannavong','Luangrath','Chanthavong',
                     'Douangmala','Keovilay','Khounnavong','Manivong','Norasing','Phengsavath','Rattanavong','Sengsouriya','Thammavong','Vilaysack',
                     'Xayavong','Bounyavong','Chounlamany','Daravong','Insixiengmay','Kommadam','Lattanavong','Maniphone','Nanthavong','Ounkham',
                     'Phimmasone','Sanyasith','Sihalath','Soukhaseum','Thepphavong','Vannaxay','Vongphachanh','Xaysombath','Bouphavanh','Champasith',
                     'Duangpanya','Hanmany','Insisiengmay','Khamvongsa','Latdavong','Mahaxay','Noraseng','Phetchareun','Rasphone','Saysana',
                     'Siharath','Somsanith','Thongsavath','Vilaythong','Xaiyavong','Bounkhong','Chaleunsouk','Douangboupha','Keosavang','Lorvanxay'] as ln) names`,
    [from, to],
  );
  await client.query(`select setval('users_id_seq', $1)`, [to]);

  // Applications: created evenly over four years; 8 % never paid (rejected at the deadline), the
  // rest paid within a day; decided 0–6 working days later (most in 1–3), 85 % approved; an issued
  // certificate is picked up (55 %), downloaded only (35 %) or still waiting at the office.
  await client.query(
    `with d as (
       select dd.id, dd.province_id, (select min(v.id) from villages v where v.district_id = dd.id) as village,
              row_number() over (order by dd.id) as rn, count(*) over () as n
       from districts dd
     ),
     banks as (select min(id) as bank from banks),
     raw as (
       select g as uid, nextval('applications_id_seq') as id,
         now() - (interval '1 day' * ${YEARS * 365}) * ((($2::int - g) + random()) / ($2::int - $1::int + 1)) as created_at,
         random() as r_paid, random() as r_days, random() as r_decision, random() as r_end, random() as r_minutes,
         1 + (abs(hashint4(g)) % 148) as k
       from generate_series($1::int, $2::int) g
     ),
     timed as (
       select raw.*, d.id as district, d.province_id as province, d.village,
         case when r_paid < 0.08 then null else created_at + interval '1 minute' * (5 + r_minutes * 1200) end as paid_at
       from raw join d on d.rn = 1 + ((raw.k - 1) % d.n)
     ),
     decided as (
       select timed.*,
         case when paid_at is null then null
           else paid_at + interval '1 day' * (case when r_days < 0.15 then 0 when r_days < 0.45 then 1 when r_days < 0.75 then 2
                                                   when r_days < 0.9 then 3 when r_days < 0.96 then 5 else 8 end)
                        + interval '1 hour' * (1 + r_minutes * 6) end as decided_at
       from timed
     ),
     shaped as (
       select decided.*,
         case
           when paid_at is null then case when created_at < now() - interval '1 day' then 'rejected' else 'pending' end
           when decided_at > now() then case when paid_at > now() - interval '6 hours' then 'waiting for approve' else 'in validation' end
           when r_decision >= 0.85 then 'rejected'
           when decided_at > now() - interval '3 hours' then 'waiting for certificate issued'
           when r_end < 0.55 and decided_at < now() - interval '2 days' then 'picked up'
           when r_end < 0.9 then 'certificate issued'
           else 'waiting to pickup'
         end as status
       from decided
     )
     insert into applications (id, user_id, ticket_number, status, payment_status, bank_id, va_number, amount, fee_lines,
       recipient, deadline, applicant_data, pickup_date, pickup_time, certificate_code, certificate_issued_at, paid_at,
       clock_started_at, clock_used_days, due_on, created_at, updated_at)
     select s.id, s.uid, 'RC0000' || s.id, s.status, case when s.paid_at is null then 'unpaid' else 'paid' end,
       (select bank from banks), '9' || lpad(s.id::text, 15, '0'), 29000,
       '[{"key":"payment","amount":20000},{"key":"processing_fee","amount":9000}]'::jsonb,
       'Ministry of Home Affairs', s.created_at + interval '24 hours',
       jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name, 'date_of_birth', '1990-01-01',
         'occupation', 'Farmer', 'current_address', 'Ban ' || s.village, 'house_number', (s.id % 200)::text,
         'province_id', s.province, 'district_id', s.district, 'village_id', s.village,
         'head_of_household', u.first_name || ' ' || u.last_name, 'family_book_number', lpad((s.id % 999999)::text, 7, '0'),
         'family_book_date', '2015-06-01', 'father_name', 'Bounmy ' || u.last_name, 'mother_name', 'Khamla ' || u.last_name,
         'parent_province_id', s.province, 'parent_district_id', s.district, 'parent_village_id', s.village,
         'reason', 'Opening a bank account'),
       case when s.status in ('waiting to pickup', 'picked up') then to_char((s.decided_at + interval '3 days') at time zone 'Asia/Vientiane', 'YYYY-MM-DD') end,
       case when s.status in ('waiting to pickup', 'picked up') then '09:00 AM' end,
       case when s.status in ('certificate issued', 'waiting to pickup', 'picked up') then 'BENCH' || lpad(s.id::text, 21, '0') end,
       case when s.status in ('certificate issued', 'waiting to pickup', 'picked up') then s.decided_at + interval '2 hours' end,
       s.paid_at, s.paid_at, 0,
       case when s.status in ('waiting for approve', 'in validation') then
         to_char((s.paid_at at time zone 'Asia/Vientiane')::date + case extract(isodow from (s.paid_at at time zone 'Asia/Vientiane')::date)
           when 3 then 5 when 4 then 5 when 5 then 5 when 6 then 4 else 3 end, 'YYYY-MM-DD') end,
       s.created_at, coalesce(s.decided_at, s.paid_at, s.created_at)
     from shaped s join users u on u.id = s.uid`,
    [from, to],
  );
  const range = [from, to];
  const ofRange = `a.user_id between $1 and $2`;
  // The history, as changeStatus and the bank's callback write it.
  await client.query(
    `insert into status_history (application_id, from_status, to_status, from_payment_status, to_payment_status, actor, actor_id, created_at)
     select a.id, null, 'pending', null, 'unpaid', 'citizen', a.user_id, a.created_at from applications a where ${ofRange}`,
    range,
  );
  await client.query(
    `insert into status_history (application_id, from_status, to_status, from_payment_status, to_payment_status, actor, created_at)
     select a.id, 'pending', 'waiting for approve', 'unpaid', 'paid', 'bank', a.paid_at from applications a
     where ${ofRange} and a.paid_at is not null`,
    range,
  );
  await client.query(
    `insert into status_history (application_id, from_status, to_status, actor, notes_code, created_at)
     select a.id, 'pending', 'rejected', 'system', 'payment_deadline_passed', a.created_at + interval '24 hours'
     from applications a where ${ofRange} and a.paid_at is null and a.status = 'rejected'`,
    range,
  );
  // The decision, by one of the officers, with its catalogued reasons for a rejection; the officer's
  // look at the case minutes before it, and the decision itself, in the access log.
  await client.query(
    `with reasons as (select coalesce(array_agg(code), array['photo_unclear']) as codes from decision_reasons),
     dec as (
       select a.id, a.status, a.updated_at as at, ($3::int[])[1 + (a.id % array_length($3::int[], 1))] as officer
       from applications a where ${ofRange} and a.paid_at is not null
         and a.status not in ('waiting for approve', 'in validation')
     )
     insert into status_history (application_id, from_status, to_status, actor, actor_id, reason_codes, created_at)
     select dec.id, 'in validation', case when dec.status = 'rejected' then 'rejected' else 'application approved' end,
       'officer', dec.officer,
       case when dec.status = 'rejected' then jsonb_build_array((select codes from reasons)[1 + (dec.id % array_length((select codes from reasons), 1))]) end,
       dec.at
     from dec`,
    [...range, officers],
  );
  await client.query(
    `insert into access_log (application_id, officer_id, action, created_at)
     select h.application_id, h.actor_id, x.action, h.created_at - x.before
     from status_history h join applications a on a.id = h.application_id
     cross join lateral (values ('view', interval '1 minute' * (3 + (h.id % 25))),
                                (case when h.to_status = 'rejected' then 'reject' else 'approve' end, interval '0')) x(action, before)
     where ${ofRange} and h.actor = 'officer' and h.to_status in ('application approved', 'rejected')`,
    range,
  );
  await client.query(
    `insert into status_history (application_id, from_status, to_status, actor, actor_id, created_at)
     select a.id, 'waiting to pickup', 'picked up', 'officer', ($3::int[])[1], (a.pickup_date || ' 09:20:00+07')::timestamptz
     from applications a where ${ofRange} and a.status = 'picked up'`,
    [...range, officers],
  );
  await client.query(
    `insert into pickup_visits (application_id, district_id, pickup_date, pickup_time, handed_over_at, handed_over_by, recipient_name, recipient_is_holder, no_show_at)
     select a.id, (a.applicant_data->>'district_id')::int, a.pickup_date, a.pickup_time,
       case when a.status = 'picked up' then (a.pickup_date || ' 09:20:00+07')::timestamptz end,
       case when a.status = 'picked up' then ($3::int[])[1] end,
       case when a.status = 'picked up' then a.applicant_data->>'first_name' end,
       case when a.status = 'picked up' then true end,
       case when a.status = 'waiting to pickup' and a.pickup_date < to_char(now() at time zone 'Asia/Vientiane', 'YYYY-MM-DD')
            then (a.pickup_date || ' 18:05:00+07')::timestamptz end
     from applications a where ${ofRange} and a.pickup_date is not null`,
    [...range, officers],
  );
  await client.query(
    `insert into certificate_downloads (application_id, first_at)
     select a.id, a.certificate_issued_at + interval '1 hour' from applications a
     where ${ofRange} and a.certificate_issued_at is not null and (a.status = 'certificate issued' or a.id % 4 = 0)`,
    range,
  );
  await client.query(
    `insert into certificate_feedback (application_id, rating, created_at)
     select a.id, 1 + (hashint4(a.id) & 7) % 5, a.certificate_issued_at + interval '2 hours' from applications a
     where ${ofRange} and a.certificate_issued_at is not null and a.id % 5 = 0`,
    range,
  );
}
