import { describe, expect, it } from 'vitest';
import {
  classifyCardLines,
  isNameLabel,
  isTitle,
  mergeReadings,
  nameLabelIn,
  oneWordNames,
  type CardWord,
} from '../../src/features/registration/ocr/card-lines';
import { regionsOf } from '../../src/features/registration/ocr/card-regions';

const today = new Date('2026-01-01');

/**
 * One printed row as the two whole-card readings return it: words laid out left to right from
 * x = 300, 20 px per letter, the row at `y`. `latin` is what the English model read, `lao` what the
 * Lao model read ('' where a model read nothing useful).
 */
let lineNo = 0;
function row(y: number, latin: string, lao: string): { latin: CardWord[]; lao: CardWord[] } {
  const words = (text: string, line: number) => {
    let x = 300;
    return text
      .split(' ')
      .filter(Boolean)
      .map((word) => {
        const box = { x0: x, y0: y, x1: x + 20 * [...word].length, y1: y + 22 };
        x = box.x1 + 14;
        return { text: word, confidence: 90, box, line };
      });
  };
  lineNo += 1;
  return { latin: words(latin, lineNo), lao: words(lao, lineNo) };
}

function card(rows: { latin: CardWord[]; lao: CardWord[] }[]) {
  const lines = mergeReadings(
    rows.flatMap((r) => r.latin),
    rows.flatMap((r) => r.lao),
  );
  return classifyCardLines(lines, today);
}

/** The given name's and the surname's first letters' x, to tell which words were taken. */
const startOf = (fields: ReturnType<typeof card>) => ({
  first: fields.names.firstNameLao?.x0,
  last: fields.names.lastNameLao?.x0,
});

describe('classifyCardLines', () => {
  it('finds a 15-digit personal number grouped 3-4-4-4, the birth date and names after Lao labels beside them', () => {
    const fields = card([
      row(20, 'aanuwaaaa', 'ບັດປະຈຳຕົວ'),
      row(100, 'tannz: 011 5088 3174 2105', 'ເລກປະຈຳຕົວ: ໐໑໑ ໕໐໘໘'),
      row(150, 'g: vnnou aumin', 'ຊື່: ທ້າວ ສົມສັກ'),
      row(200, 'uruazimu: Swazmdu', 'ນາມສະກຸນ: ວົງສະຫວັນ'),
      row(250, 'duiduulon: 14/03/1988', 'ວັນເດືອນປີເກີດ: ໑໔'),
      row(300, 'dog: 05/01/2022 da: 05/01/2032', 'ວັນອອກບັດ: ວັນໝົດອາຍຸ:'),
    ]);
    expect(fields.idNumber?.value).toBe('011508831742105');
    expect(fields.dateOfBirth?.value).toBe('1988-03-14');
    expect(fields.latinName).toBeUndefined();
    // The title ທ້າວ is not part of the given name: the name starts at the second word.
    expect(startOf(fields)).toEqual({ first: 300 + 20 * 4 + 14 + 20 * 4 + 14, last: 300 + 20 * 9 + 14 });
  });

  it('takes the line under a label printed above its value, and a dashed number', () => {
    const fields = card([
      row(100, 'ID No:', 'ເລກປະຈຳຕົວ / ID No:'),
      row(130, '080-5126-7493-0845', ''),
      row(170, 'Name:', 'ຊື່ / Name:'),
      row(200, 'aauly', 'ສອນໄຊ'),
      row(240, 'Surname:', 'ນາມສະກຸນ / Surname:'),
      row(270, 'ragzvin', 'ເລັ່ງສະຫວັດ'),
      row(310, 'Date of birth:', 'ວັນເດືອນປີເກີດ / Date of birth:'),
      row(340, '12/04/1983', ''),
    ]);
    expect(fields.idNumber?.value).toBe('080512674930845');
    expect(fields.dateOfBirth?.value).toBe('1983-04-12');
    expect(fields.names.firstNameLao?.y0).toBe(200);
    expect(fields.names.lastNameLao?.y0).toBe(270);
  });

  it('splits one "name and surname" line, drops the title, and finds the Latin line', () => {
    const fields = card([
      row(100, 'ID No: 0115 0883 1742', ''),
      row(150, 'Name and surname: unna aumin Swazmdu', 'ຊື່ ແລະ ນາມສະກຸນ: ນາງ ສົມສັກ ວົງສະຫວັນ'),
      row(200, 'SOMSAK VONGSAVANH', 'ສສສ'),
      row(250, 'Date of birth: 14-03-1988', ''),
    ]);
    expect(fields.idNumber?.value).toBe('011508831742');
    expect(fields.latinName?.text).toBe('SOMSAK VONGSAVANH');
    const words = 'ຊື່ ແລະ ນາມສະກຸນ: ນາງ'.split(' ');
    const after = 300 + words.reduce((x, w) => x + 20 * [...w].length + 14, 0);
    expect(startOf(fields)).toEqual({ first: after, last: after + 20 * [...'ສົມສັກ'].length + 14 });
  });

  it('does not take Lao script misread as capitals for a Latin line (a word without a vowel)', () => {
    const fields = card([
      row(100, 'ID No: 0115 0883 1742', ''),
      row(150, 'Name: IER LEE BT', 'ຊື່: ສົມສັກ'),
      row(200, 'Surname: SOMSAK', 'ນາມສະກຸນ: ວົງສະຫວັນ'),
      row(250, 'Date of birth: 14-03-1988', ''),
    ]);
    expect(fields.latinName).toBeUndefined();
    const readAsLatin = card([row(100, 'ID No: 0115 0883 1742', ''), row(200, 'IER LEE BT', '')]);
    expect(readAsLatin.latinName).toBeUndefined();
  });

  it('with no labels, takes the Lao line between the number and the Latin line as the name', () => {
    const fields = card([
      row(20, '', 'ບັດປະຈຳຕົວ'),
      row(100, '011 5088 3174 2105', ''),
      row(150, 'vnnou aumin Swazmdu', 'ທ້າວ ສົມສັກ ວົງສະຫວັນ'),
      row(200, 'SOMSAK VONGSAVANH', ''),
      row(250, '14/03/1988', ''),
      row(300, '05/01/2022 05/01/2032', ''),
    ]);
    expect(fields.dateOfBirth?.value).toBe('1988-03-14'); // the earliest date
    expect(fields.names.firstNameLao?.y0).toBe(150);
    expect(fields.names.lastNameLao?.x0).toBeGreaterThan(fields.names.firstNameLao!.x1);
  });

  it('with no labels, takes a title the English model read as "no" for part of the name, not a label', () => {
    const fields = card([
      row(20, 'UQU:NAD IDENTITY CARD', 'ບັດປະຈຳຕົວ'),
      row(100, '797-4863-5528-5469', ''),
      row(150, 'no yudy', 'ທ້າວ ບຸນຍືນ'),
      row(200, 'wiiodan', 'ແກ້ວສີລາ'),
      row(250, 'BOUNYEUN KEOSILA', ''),
      row(300, '02/03/1972', ''),
    ]);
    expect(startOf(fields)).toEqual({ first: 300 + 4 * 20 + 14, last: 300 });
    expect(fields.names.firstNameLao?.y0).toBe(150);
    expect(fields.names.lastNameLao?.y0).toBe(200);
    expect(fields.fullName).toBeUndefined();
    // "No." with its stop still marks a label: the Lao words after it are no name.
    expect(card([row(100, 'No. 0115 0883 1742', ''), row(150, 'No.', 'ສົມສັກ')]).names).toEqual({});
  });

  it('finds the row of a birth date misread past parsing, to read it again there', () => {
    const labelled = card([
      row(100, 'tannz: 019 3772 1590 8253', 'ເລກປະຈຳຕົວ: 019 3772 1590 8253'),
      row(150, 'g: vnnou yudd', 'ຊື່: ທ້າວ ບຸນມີ'),
      row(200, 'duiduuduo: 31121979', 'ວັນເດືອນປີຫີດ: 3112/1979'),
    ]);
    expect(labelled.dateOfBirth).toBeUndefined();
    expect(labelled.dateRow?.y0).toBe(200);
    const unlabelled = card([
      row(100, '1290 6619 9347 8808', ''),
      row(150, 'VANXAY NORKEO', ''),
      row(200, '11M11977', '1ນ1ນ1977'),
      row(250, '05/012022 05/012032', ''),
    ]);
    expect(unlabelled.dateRow?.y0).toBe(200);
    // Its slashes read as 7s.
    const sevens = card([
      row(100, '1290 6619 9347 8808', ''),
      row(200, '1171171977', ''),
      row(250, '05/01/2022 05/01/2032', ''),
    ]);
    expect(sevens.dateRow?.y0).toBe(200);
    // A date read as one is no misread row.
    expect(card([row(100, '1290 6619 9347 8808', ''), row(200, '11/11/1977', '')]).dateRow).toBeUndefined();
  });

  it('takes a name with ເກດ in it (ເກດສະໜາ) for a name, not the birth date label', () => {
    const fields = card([
      row(100, '1004-1869-3725', ''),
      row(150, 'mnag:=nn', '(ກດສະຫນາ'),
      row(200, 'wy=ndu', 'ພົງສະຫວັນ'),
      row(250, '09/11/1998', ''),
    ]);
    expect(fields.names.firstNameLao?.y0).toBe(150);
    expect(fields.names.lastNameLao?.y0).toBe(200);
    expect(fields.fullName).toBeUndefined();
  });

  it('takes a name with ເດືອນ in it (ແສງເດືອນ) for a name, not the birth date label', () => {
    const fields = card([
      row(100, '020-9381-5726-4214', '920-9381-5726-4214'),
      row(150, '«fou', 'ແສງເດືອນ'),
      row(200, 'A083)', 'ລາດຊະວົງ'),
      row(250, '30.10.2001', '30.10.2001'),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ແສງເດືອນ', lastNameLao: 'ລາດຊະວົງ' });
    expect(fields.fullName).toBeUndefined();
  });

  it('leaves the names out when it cannot tell them apart, and prefers the labelled birth date', () => {
    const fields = card([
      row(100, 'ID No: 0115 0883 1742', ''),
      row(150, 'Name and surname: aumin', 'ຊື່ ແລະ ນາມສະກຸນ: ສົມສັກວົງສະຫວັນ'),
      row(200, 'Issued: 05/01/1990', 'ວັນອອກບັດ:'),
      row(250, 'Date of birth: 14/03/1998', ''),
    ]);
    expect(fields.names).toEqual({});
    expect(fields.dateOfBirth?.value).toBe('1998-03-14');
  });

  it('never takes the issue or expiry date for the birth date when the birth date was not read', () => {
    const unlabelled = card([
      row(100, '011 5088 3174 2105', ''),
      row(150, 'vnnou aumin Swazmdu', 'ທ້າວ ສົມສັກ ວົງສະຫວັນ'),
      row(250, '14/0371 988', ''),
      row(300, '05/01/2022 05/01/2032', ''),
    ]);
    expect(unlabelled.dateOfBirth).toBeUndefined();
    const labelled = card([
      row(100, 'ID No: 0115 0883 1742', ''),
      row(200, 'Date of birth: 14/0371 988', ''),
      row(250, 'Issued: 05/01/2022', 'ວັນອອກບັດ:'),
      row(300, 'Expires:', 'ວັນໝົດອາຍຸ:'),
      row(330, '05/01/2032', ''),
    ]);
    expect(labelled.dateOfBirth).toBeUndefined();
  });

  it('takes a Lao label followed by its English one for a label (no colon read), the name on the next line', () => {
    const fields = card([
      row(100, '160 3572 8491 6250', ''),
      // The English words read by the Lao model as Lao letters are no name.
      row(150, 'aaa aaa aaaaaaaa / Name and surname', 'ຊື່ ແລະ ນາມສະກຸນ / ໄຈກາ ອກຜ່ ຣບກກອກາຣະ'),
      row(200, 'unna aumin Swazmdu', 'ນາງ ອານົງ ສຸລິຍະວົງ'),
      row(250, '13/07/1999', ''),
    ]);
    expect(fields.names.firstNameLao?.y0).toBe(200);
    expect(fields.names.lastNameLao?.y0).toBe(200);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ອານົງ', lastNameLao: 'ສຸລິຍະວົງ' });
    // The English model read ຊື່ as a word with a colon: the label still runs to its English end.
    const colon = card([
      row(100, '160 3572 8491 6250', ''),
      row(150, 'Fua: wvwa:ny / Name and surname:', 'ຊື່ ແລະ ນາມສະກຸນ / ໄຈກາ ອກຜ່ ຣບກກອກາຣະ'),
      row(200, 'unna aumin Swazmdu', 'ນາງ ອານົງ ສຸລິຍະວົງ'),
      row(250, '13/07/1999', ''),
    ]);
    expect(colon.nameTexts).toEqual({ firstNameLao: 'ອານົງ', lastNameLao: 'ສຸລິຍະວົງ' });
  });

  it('splits a row of two names whose "name and surname" label was read as the given name\'s', () => {
    const fields = card([
      row(100, 'aaaaaaaaaa: 061 9483 7251 0105', 'ເລກປະຈຳຕົວ: 061 9483 7251 0105'),
      // The English model read ຊື່ as "3 1:", so the label ends there and reads as the given name's.
      row(150, '3 1: way: U9 Saws IVAN', 'ຊື່ ແລະ ນາມສະກຸນ: ນາງ ຄຳພອນ ສຸວັນນະລາດ'),
      row(200, 'KHAMPHONE SOUVANNALATH', ''),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ຄຳພອນ', lastNameLao: 'ສຸວັນນະລາດ' });
    expect(fields.fullName?.y0).toBe(150);
  });

  it('finds the given name next to the surname when its label was misread (ຊື່ as ຫຼ)', () => {
    const fields = card([
      row(100, 'aaaaaaaaaa: 1504-6283-9170', 'ເລກປະຈຳຕົວ: 1504-6283-9170'),
      row(150, 'W aaaaaaa', 'ຫຼ ສີສຸພັນ'),
      row(200, 'aaaaaaaa: aaaaaaaa', 'ນາມສະກຸນ: ແກ້ວສີວົງ'),
      row(250, 'aaaaaaaaaaaaaa: 19/06/1991', 'ວັນເດືອນປີເກີດ: 19/06/1991'),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ສີສຸພັນ', lastNameLao: 'ແກ້ວສີວົງ' });
  });

  it('finds the given name after its colon when the label before it was misread as a word', () => {
    // A security line across ຊື່: the Lao model read the label as ຫຽງ, the colon still there.
    const fields = card([
      row(100, 'andi: 9631 0748 0317', 'ເລກທີ: 9631 0748 0317'),
      row(150, 'wan: JIU', 'ນາມສະກຸນ: ດວງມາລາ'),
      row(200, '$0 : Suan', 'ຫຽງ : ສົມສັກ'),
      row(250, 'DOUANGMALA SOMSACK', 'ະກຽຫກະນວນຫຽມຽລ'),
      row(300, 'Fadl: 27/06/1987', 'ຫີດວັນທີ: 27/06/1987'),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ສົມສັກ', lastNameLao: 'ດວງມາລາ' });
    // Two words after the colon are no lone name.
    const two = card([
      row(100, 'andi: 9631 0748 0317', 'ເລກທີ: 9631 0748 0317'),
      row(150, 'wan: JIU', 'ນາມສະກຸນ: ດວງມາລາ'),
      row(200, '$0 : Suan', 'ຫຽງ : ສົມສັກ ບ້ານ'),
    ]);
    expect(two.nameTexts).toEqual({ lastNameLao: 'ດວງມາລາ' });
  });

  it('finds the other name near the found one by the Latin line spelling it, past a misread label', () => {
    // The surname's label misread past knowing, a security line's remains on the given name's row.
    const fields = card([
      row(100, 'ani; 9230 5669 2837', 'ເລກທີ: 9230 5669 2837'),
      row(150, 'EES: Fr.', 'ານສະກຸບນ ສຼຫາລາດ'),
      row(200, '4 Tofiy', 'ຊື່: ບົວພັນ'),
      row(250, 'SIHALATH BOUAPHANH', 'ຕຈຈ:ະມວວນວຽນງ'),
      row(300, 'Hosull 1wosigre', 'ເກີດວັນທີ: 1/9ຊນ197 ປ'),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ບົວພັນ', lastNameLao: 'ສຼຫາລາດ' });
    expect(fields.labelled).toEqual(['firstNameLao']);
    const junk = card([
      row(100, 'and: 9631 0748 0317', 'ເລກທີ: 9631 0748 0317'),
      row(150, 'vws:nu: AJIT oo', 'ນາມສະກຸນ: ດວງມາລາ ຄກກະວອວວ'),
      row(200, 'EF 111)', 'ກກ ຫມງ ຂໍ່: ສົມສັກ ກດ ນາງ'),
      row(250, 'DOUANGMALA SOMSACK', '00ປ/ປ161/2ແ4'),
    ]);
    expect(junk.nameTexts.firstNameLao).toBe('ສົມສັກ');
    // The Latin line with a security line's marks read around it, in a black-and-white reading.
    const marks = card([
      row(100, 'and: 9631 0748 0317', 'ເລກທີ: 9631 0748 0317'),
      row(150, 'vws:nu: AJIT oo', 'ນາມສະກຸນ: ດວງມາລາ ຄກກະວອວວ'),
      row(200, 'EF 111)', 'ກກ ຫມງ ຂໍ່: ສົມສັກ ກດ'),
      row(250, '| I _ DOUANGMALA SOMSACK ~ —', '00ປ/ປ161/2ແ4 501/54010. ເມລ'),
    ]);
    expect(marks.latinName?.text).toBe('DOUANGMALA SOMSACK');
    expect(marks.nameTexts.firstNameLao).toBe('ສົມສັກ');
    // Nothing the other Latin word spells: no other name.
    const none = card([
      row(100, 'and: 9631 0748 0317', 'ເລກທີ: 9631 0748 0317'),
      row(150, 'vws:nu: AJIT oo', 'ນາມສະກຸນ: ດວງມາລາ'),
      row(200, 'EF 111)', 'ກກ ຫມງ ຂໍ່: ສົມສັດທາ ກດ ນາງ'),
      row(250, 'DOUANGMALA SOMSACK', '00ປ/ປ161/2ແ4'),
    ]);
    expect(none.nameTexts).toEqual({ lastNameLao: 'ດວງມາລາ' });
  });

  it('ends an English label read through the Lao words over it before the name beside it', () => {
    // "Surname" and "Given name" printed before the values: the Lao model reads the English
    // labels as Lao letters, the English model "Surname" with a letter wrong.
    const box = (x0: number, x1: number, y: number) => ({ x0, y0: y, x1, y1: y + 25 });
    const line = (y: number, latin: [string, number, number][], lao: [string, number, number][]) => {
      lineNo += 1;
      const words = (list: [string, number, number][], k: number) =>
        list.map(([text, x0, x1]) => ({ text, confidence: 80, box: box(x0, x1, y), line: k }));
      return { latin: words(latin, lineNo), lao: words(lao, lineNo + 1000) };
    };
    const fields = card([
      line(
        100,
        [
          ['ID', 300, 330],
          ['No.', 335, 380],
          ['6644-5919-4189', 400, 600],
        ],
        [['6644.5919-4139', 400, 600]],
      ),
      line(
        160,
        [
          ['Surmame', 300, 400],
          ['YUU', 420, 520],
        ],
        [
          ['ຮັບຫກອຫ', 300, 400],
          ['ບຸນມາລາ', 420, 520],
        ],
      ),
      line(
        220,
        [
          ['Given', 300, 360],
          ['name', 365, 420],
          ['yy', 440, 480],
          ['ig', 485, 520],
        ],
        [
          ['ນຂາ', 300, 350],
          ['ກອຫ', 360, 420],
          ['ບຸນໄລ', 440, 520],
        ],
      ),
      line(
        280,
        [
          ['Date', 300, 340],
          ['of', 345, 360],
          ['birth', 365, 410],
          ['10-11-1973', 420, 560],
        ],
        [],
      ),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ບຸນໄລ', lastNameLao: 'ບຸນມາລາ' });
    expect(fields.labelled.sort()).toEqual(['firstNameLao', 'lastNameLao']);
    // A Lao label with its English half read as Lao letters ("ຊື່/ Given name"): the whole line is
    // the label, the name under it.
    const above = card([
      line(100, [['917767202017627', 443, 755]], [['917767202017627', 443, 755]]),
      line(
        150,
        [
          ['Vy', 443, 520],
          ['/', 525, 531],
          ['Surname', 539, 627],
        ],
        [
          ['ນານສະງຸນ/', 443, 533],
          ['ຈັບກາລກກຂ', 544, 627],
        ],
      ),
      line(180, [['JyazmIu', 443, 603]], [['ວົງສະຫວັນ', 443, 603]]),
      line(
        230,
        [
          ['&/Given', 443, 526],
          ['name', 536, 590],
        ],
        [
          ['ຊື່/', 437, 467],
          ['ຜີນອກ', 482, 526],
          ['ກອກາ9', 536, 590],
        ],
      ),
      line(260, [['faway', 443, 558]], [['ຄໍາພອນ', 443, 558]]),
      line(320, [['18.11.1975', 443, 624]], [['18.11.1975', 443, 624]]),
    ]);
    expect(above.nameTexts).toEqual({ firstNameLao: 'ຄໍາພອນ', lastNameLao: 'ວົງສະຫວັນ' });
  });

  it('finds the surname after the given name when its label above it was misread', () => {
    const fields = card([
      row(100, '0309 2847 1653', ''),
      row(170, 'Name:', 'ຊື່:'),
      row(200, 'aauly', 'ນາງ ວັນນີ'),
      row(240, 'Sumame:', 'ຣິບກກຂກາ6:'),
      row(270, 'ragzvin', 'ຈັນທະພອນ'),
      row(310, 'Date of birth:', ''),
      row(340, '16-03-2002', ''),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ວັນນີ', lastNameLao: 'ຈັນທະພອນ' });
    // Not a line of several words, nor across another field's label.
    const address = card([
      row(100, '0309 2847 1653', ''),
      row(170, '', 'ຊື່: ວັນນີ'),
      row(200, 'aaaa aaaa', 'ບ້ານ ຫ້ວຍຂຸມ ເມືອງ ໄຊ'),
    ]);
    expect(address.nameTexts).toEqual({ firstNameLao: 'ວັນນີ' });
  });

  it('on a card printing the surname first, finds the other name after the labelled one', () => {
    const fields = card([
      row(100, '573628683119607', '573628683119607'),
      row(150, 'Surname', 'ນາມສະກຸນ / Surname'),
      row(180, 'aaaaaaa', 'ແສງສຸລິວົງ'),
      row(230, 'W / Given nama', 'ຫຼ / aaaa'),
      row(260, 'aaaaa', 'ສົມພອນ'),
      row(320, 'Date of birth', ''),
      row(350, '14.03.1991', ''),
    ]);
    expect(fields.nameTexts).toEqual({ firstNameLao: 'ສົມພອນ', lastNameLao: 'ແສງສຸລິວົງ' });
  });

  it("is sure of a name's field only where a label read on the card places it", () => {
    // The digital card: the surname above the given name, the labels unread. By the layout's order
    // the first line would be the given name: it is the surname, spelt right.
    const unlabelled = card([
      row(100, '011 5088 3174 2105', ''),
      row(150, 'Swazmdu', 'ວົງສະຫວັນ'),
      row(200, 'aumin', 'ສົມສັກ'),
      row(250, 'VONGSAVANH SOMSAK', ''),
      row(300, '14.03.1988', ''),
    ]);
    expect(unlabelled.nameTexts).toEqual({ firstNameLao: 'ວົງສະຫວັນ', lastNameLao: 'ສົມສັກ' });
    expect(unlabelled.labelled).toEqual([]);
    const regions = regionsOf(unlabelled, { regions: [] }, 1000).filter((r) => r.field.endsWith('NameLao'));
    expect(regions).toHaveLength(2);
    expect(regions.every((r) => r.guessed)).toBe(true);
    // One line "name and surname" without a label: neither name is placed either.
    const oneLine = card([
      row(100, '011 5088 3174 2105', ''),
      row(150, 'vnnou aumin Swazmdu', 'ທ້າວ ສົມສັກ ວົງສະຫວັນ'),
      row(200, 'SOMSAK VONGSAVANH', ''),
    ]);
    expect(oneLine.labelled).toEqual([]);
    // The surname's label read, the given name found by place next to it: only the surname is placed.
    const one = card([
      row(100, 'aaaaaaaaaa: 1504-6283-9170', 'ເລກປະຈຳຕົວ: 1504-6283-9170'),
      row(150, 'W aaaaaaa', 'ຫຼ ສີສຸພັນ'),
      row(200, 'aaaaaaaa: aaaaaaaa', 'ນາມສະກຸນ: ແກ້ວສີວົງ'),
    ]);
    expect(one.labelled).toEqual(['lastNameLao']);
    expect(
      regionsOf(one, { regions: [] }, 1000)
        .filter((r) => r.field.endsWith('NameLao'))
        .map((r) => [r.field, r.guessed ?? false]),
    ).toEqual([
      ['firstNameLao', true],
      ['lastNameLao', false],
    ]);
    // Both labels read, or a "name and surname" label: both placed.
    const both = card([
      row(100, 'tannz: 011 5088 3174 2105', 'ເລກປະຈຳຕົວ: ໐໑໑ ໕໐໘໘'),
      row(150, 'g: vnnou aumin', 'ຊື່: ທ້າວ ສົມສັກ'),
      row(200, 'uruazimu: Swazmdu', 'ນາມສະກຸນ: ວົງສະຫວັນ'),
    ]);
    expect([...both.labelled].sort()).toEqual(['firstNameLao', 'lastNameLao']);
    const full = card([
      row(100, 'aaaaaaaaaa: 061 9483 7251 0105', 'ເລກປະຈຳຕົວ: 061 9483 7251 0105'),
      row(150, '', 'ຊື່ ແລະ ນາມສະກຸນ: ນາງ ຄຳພອນ ສຸວັນນະລາດ'),
    ]);
    expect([...full.labelled].sort()).toEqual(['firstNameLao', 'lastNameLao']);
  });

  it('finds the number and the birth date where their labels say, when nothing like either was read there', () => {
    // A glare spot on the number and the date: letters and a few digits read where they are printed.
    const labels = card([
      row(100, 'ID No. 9025 ...', ''),
      row(150, 'Surname', 'ສີສົມບັດ'),
      row(200, 'Date of birth 16 Ol', ''),
    ]);
    expect(labels.idNumber).toBeUndefined();
    expect(labels.numberRow?.y0).toBe(100);
    expect(labels.dateRow?.y0).toBe(200);
    // Labels above their values: the line under the label.
    const above = card([
      row(100, 'inno / Card No.', 'ເລກບັດ / Card No.'),
      row(150, '9026433 Bo', ''),
      row(200, 'daa / Date of birth', 'ວັນເດືອນປີເກີດ / Date of birth'),
      row(250, '16.0', ''),
    ]);
    expect(above.numberRow?.y0).toBe(150);
    expect(above.dateRow?.y0).toBe(250);
    // No label: nothing guessed.
    expect(card([row(100, 'aaaa 16 Ol', '')]).dateRow).toBeUndefined();
  });

  it('does not take a 13-digit run for the number', () => {
    expect(card([row(100, 'No: 0115 0883 17429', '')]).idNumber).toBeUndefined();
  });
});

describe('nameLabelIn', () => {
  it('tells which name a label read on its own names, its long words an edit or two off', () => {
    expect(nameLabelIn('ນາມສະກຸນ / ຮຫຕກ', 'wrsuqu / Surname')).toBe('lastNameLao');
    expect(nameLabelIn('ນາມສະກູນ:', '')).toBe('lastNameLao');
    expect(nameLabelIn('', 'Sumame')).toBe('lastNameLao');
    expect(nameLabelIn('ຊື່ / ກວນ', '8 / Given name')).toBe('firstNameLao');
    expect(nameLabelIn('ຊື່:', '')).toBe('firstNameLao');
    expect(nameLabelIn('', 'Glven name')).toBe('firstNameLao');
    expect(nameLabelIn('ຊື່ ແລະ ນາມສະກຸນ', '')).toBe('full');
    expect(nameLabelIn('', 'Name and surname')).toBe('full');
  });

  it('takes no name, number or date for a label', () => {
    for (const [lao, latin] of [
      ['ສຸລິຍະ', 'aqay'],
      ['', 'PHANTHAVONG SOUKSAVANH'],
      ['ເລກທີ:', 'inn:'],
      ['ວັນເດືອນປີເກີດ', 'Date of birth'],
      ['ຊຸກສະຫວັນ', 'nane'],
      ['ສະຫວັນ', ''],
    ])
      expect(nameLabelIn(lao!, latin!)).toBeUndefined();
  });
});

describe('isTitle', () => {
  it('knows the titles as the Lao model reads them, marks or not', () => {
    expect(['ທ້າວ', 'ທາວ', 'ນາງ', 'ທ່ານ', 'ທ່ານນາງ'].every(isTitle)).toBe(true);
    expect(isTitle('ສົມສັກ')).toBe(false);
  });
});

describe('name labels', () => {
  it('are never part of a name', () => {
    for (const word of ['ຊື່', 'ຊື່:', 'ນາມສະກຸນ', 'ນາມສະກຸນ:', 'ແລະ', 'Name', 'Surname:'])
      expect(isNameLabel(word)).toBe(true);
    for (const word of ['ສົມໃຈ', 'ຊາຍ', 'ນາລີ', 'ສະກຸນ໌ໄຊ']) expect(isNameLabel(word)).toBe(false);
  });
});

describe('oneWordNames', () => {
  const ok = (value: string) => ({ value, confidence: 'ok' as const });

  it('splits a whole "name and surname" row read as the given name', () => {
    const fields = { firstNameLao: ok('ສົມໃຈ ດຳລັດ') };
    oneWordNames(fields);
    expect(fields).toEqual({ firstNameLao: ok('ສົມໃຈ'), lastNameLao: ok('ດຳລັດ') });
  });

  it('leaves to type a row whose surname was read otherwise, or that starts with a title', () => {
    const other = { firstNameLao: ok('ສົມໃຈ ດຳລັດ'), lastNameLao: ok('ດວງໃຈ') };
    oneWordNames(other);
    expect(other).toEqual({ lastNameLao: ok('ດວງໃຈ') });
    const titled = { firstNameLao: ok('ນາງ ສົມໃຈ') };
    oneWordNames(titled);
    expect(titled).toEqual({});
  });

  it('keeps the row\'s "unclear" mark on both halves (a row no Latin line spells carries it)', () => {
    const check = (value: string) => ({ value, confidence: 'check' as const });
    const fields = { firstNameLao: check('ສົມໃຈ ດຳລັດ') };
    oneWordNames(fields);
    expect(fields).toEqual({ firstNameLao: check('ສົມໃຈ'), lastNameLao: check('ດຳລັດ') });
    const surnameMarked = { firstNameLao: ok('ສົມໃຈ ດຳລັດ'), lastNameLao: check('ດຳລັດ') };
    oneWordNames(surnameMarked);
    expect(surnameMarked).toEqual({ firstNameLao: check('ສົມໃຈ'), lastNameLao: check('ດຳລັດ') });
  });

  it('never fills a surname of two words, and keeps one-word names as they are', () => {
    const fields = { firstNameLao: ok('ສົມໃຈ'), lastNameLao: ok('ດຳລັດ ວົງ') };
    oneWordNames(fields);
    expect(fields).toEqual({ firstNameLao: ok('ສົມໃຈ') });
  });
});
