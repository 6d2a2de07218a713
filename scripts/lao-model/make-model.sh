#!/usr/bin/env bash
# Fine-tunes Tesseract's Lao recogniser on the typefaces Lao documents are printed in and writes
# src/features/registration/ocr/lao.traineddata.gz (docs/ocr-model.md says why and how it was measured).
#
# Needs Debian's tesseract-ocr (text2image, lstmtraining, combine_tessdata, …), fonts-lao,
# fonts-noto-core and fonts-noto-extra. Only to make the model again: the build ships the
# committed file. About two hours on two cores.
#
#   bash scripts/lao-model/make-model.sh [WORK_DIR] [ITERATIONS] [NM_ITERATIONS] [MARKS_ITERATIONS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-/tmp/lao-model}"
iterations="${2:-20000}"
nm_iterations="${3:-14000}"
marks_iterations="${4:-8000}"
tsx="$root/node_modules/.bin/tsx"
mkdir -p "$work" && cd "$work"

# 1. The model we start from: the Lao model the reader shipped until now (tessdata_best, integer
#    form), its LSTM turned back into floats so it can be trained, and Tesseract's own word list.
zcat "$root/node_modules/@tesseract.js-data/lao/4.0.0_best_int/lao.traineddata.gz" > base.traineddata
combine_tessdata -u base.traineddata base. > /dev/null
"$tsx" "$root/scripts/lao-model/int-to-float.ts" base.lstm base-float.lstm
dawg2wordlist base.lstm-unicharset base.lstm-word-dawg words.txt > /dev/null 2>&1

# 2. Text: lines shaped like what a card prints (training-text.ts), apart for training and checking.
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 12000 1 > train.txt
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 1200 2 > eval.txt

# 3. The letters: print has ໜ ໝ ຳ as single letters, which the base model only knows as ຫນ ຫມ ໍາ
#    (its web text was typed that way). The cards are rendered with the single letters and labelled
#    with the pairs, so the recogniser learns their shapes without new outputs (adding outputs made
#    the fine-tuning start from scratch); the reader writes the pairs back as one letter
#    (toLaoSpelling).
unicharset_extractor --output_unicharset text.unicharset --norm_mode 2 train.txt > /dev/null 2>&1
merge_unicharsets base.lstm-unicharset text.unicharset render.unicharset > /dev/null
as_pairs() { # box file: one box line of ໜ ໝ ຳ becomes two, same box
  awk '{ rest = substr($0, index($0, " ")) }
    $1 == "ໜ" { print "ຫ" rest; print "ນ" rest; next }
    $1 == "ໝ" { print "ຫ" rest; print "ມ" rest; next }
    $1 == "ຳ" { print "ໍ" rest; print "າ" rest; next }
    { print }' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

# 4. Line images: each chunk of text in each typeface (regular and bold weights), at three
#    resolutions (a scan, a phone photo's crop, a small image) and three exposures, with
#    text2image's speckle, blur and slight rotation. Noto Looped Lao comes in at step 7.
fonts=('Phetsarath OT' 'Noto Sans Lao' 'Noto Sans Lao Bold' 'Noto Serif Lao' 'Noto Serif Lao Bold' 'Noto Sans Lao Medium')
resolutions=(300 150 100)
exposures=(-1 0 1)
render() { # text-file outputbase font resolution exposure
  local xsize=$(( $4 * 5 ))
  text2image --text "$1" --outputbase "$2" --font "$3" --fonts_dir /usr/share/fonts --ptsize 12 \
    --resolution "$4" --exposure "$5" --xsize "$xsize" --ysize $(( $4 * 11 )) --leading $(( $4 / 10 )) \
    --char_spacing 0.0 --max_pages 0 --strip_unrenderable_words --unicharset_file render.unicharset > /dev/null 2>&1 &&
    as_pairs "$2.box" && tesseract "$2.tif" "$2" --psm 6 lstm.train > /dev/null 2>&1 || echo "not rendered: $2 ($3)" >&2
}
render_all() { # dir train-text eval-text: every chunk in every typeface; writes dir/train.list, dir/eval.list
  mkdir -p "$1"
  split -l 200 -d -a 3 "$2" "$1/train-"
  split -l 200 -d -a 3 "$3" "$1/eval-"
  local n=0
  for chunk in "$1"/train-??? "$1"/eval-???; do
    for f in "${!fonts[@]}"; do
      res=${resolutions[$(( (n + f) % 3 ))]}
      exp=${exposures[$(( (n / 3 + f) % 3 ))]}
      render "$chunk" "$chunk.$f.$res" "${fonts[$f]}" "$res" "$exp" &
      if (( $(jobs -r | wc -l) >= 2 )); then wait -n; fi
    done
    n=$((n + 1))
  done
  wait
  ls "$1"/train-*.lstmf > "$1/train.list"
  ls "$1"/eval-*.lstmf > "$1/eval.list"
}
render_all lines train.txt eval.txt

# 5. Fine-tune.
mkdir -p out
lstmtraining --model_output out/lao --continue_from base-float.lstm \
  --traineddata base.traineddata --train_listfile lines/train.list --eval_listfile lines/eval.list \
  --max_iterations "$iterations" --target_error_rate 0.002 2>&1 | tee training.log | grep -E 'At iteration|Finished' || true

# 6. ໜ and ໝ: the model above still picked the one its text made likelier in a name (66 % right
#    on check-nm.ts's made-up names). It goes on training on lines a third of which set words and
#    made-up names with one letter beside their twins with the other (training-text.ts, mode nm).
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 8000 11 nm > train-nm.txt
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 800 12 nm > eval-nm.txt
render_all lines-nm train-nm.txt eval-nm.txt
mkdir -p out-nm
lstmtraining --model_output out-nm/lao --continue_from out/lao_checkpoint \
  --traineddata base.traineddata --train_listfile lines-nm/train.list --eval_listfile lines-nm/eval.list \
  --max_iterations "$nm_iterations" --target_error_rate 0.002 2>&1 | tee training-nm.log | grep -E 'At iteration|Finished' || true

# 7. Every mark, and Noto Looped Lao: the model above still read ໝັ້ນ as ໜັ້ນ, surely, where its text had
#    ໜ more often under that vowel, and lost tone marks and ຸ/ູ in Noto Looped Lao, which it had never
#    seen. It goes on training on lines with ໜ and ໝ under every vowel, tone mark and final in equal
#    numbers and syllables with ຸ beside their twins with ູ (training-text.ts, mode marks), in the six
#    faces and Noto Looped Lao (regular and bold).
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 6000 21 marks > train-marks.txt
"$tsx" "$root/scripts/lao-model/training-text.ts" words.txt 600 22 marks > eval-marks.txt
fonts+=('Noto Looped Lao' 'Noto Looped Lao Bold')
render_all lines-marks train-marks.txt eval-marks.txt
mkdir -p out-marks
lstmtraining --model_output out-marks/lao --continue_from out-nm/lao_checkpoint \
  --traineddata base.traineddata --train_listfile lines-marks/train.list --eval_listfile lines-marks/eval.list \
  --max_iterations "$marks_iterations" --target_error_rate 0.002 2>&1 | tee training-marks.log | grep -E 'At iteration|Finished' || true

# 8. The integer (fast) form the browser runs.
lstmtraining --stop_training --convert_to_int --continue_from out-marks/lao_checkpoint \
  --traineddata base.traineddata --model_output lao.traineddata
model="$root/src/features/registration/ocr/lao.traineddata.gz"
gzip -9 -n -c lao.traineddata > "$model"
ls -l lao.traineddata "$model"
