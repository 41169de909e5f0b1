#!/usr/bin/env bash
# The hostile-input corpus (issue 15): every case runs texsim under a memory cap (ulimit -v) and
# a time limit and must end with its expected exit status and diagnostic, never in a signal.
# usage: run.sh TEXSIM HOSTILE_GEN WORKDIR [--no-vmem-cap]   (--no-vmem-cap: ASan builds, whose
# shadow memory needs more address space than any cap; the out-of-memory cases are then skipped)
set -u
BIN=$1 GEN=$2 W=$3
NOCAP=${4:-}
HERE=$(cd "$(dirname "$0")" && pwd)
VMEM_KB=$((4 * 1024 * 1024))  # 4 GiB, the review's cap
TLIMIT=120  # generous: CI machines are shared; a quadratic regression takes minutes
MAX_OUT=$((256 * 1024))       # a diagnostic flood is a failure too
rm -rf "$W" && mkdir -p "$W" && cd "$W" || exit 2
cp -r "$HERE"/inputs/. .
pass=0 fail=0 skip=0

# hcase NAME WANT_RC NEEDLE [vmem=KB] [-- ] CMD...: NEEDLE must appear in stdout+stderr
# ("" = anything); vmem=KB lowers the cap for this case (an out-of-memory case).
hcase() {
  local name=$1 want=$2 needle=$3; shift 3
  local vmem=$VMEM_KB oom=0
  if [[ $1 == vmem=* ]]; then vmem=${1#vmem=}; oom=1; shift; fi
  if [[ -n $NOCAP && $oom == 1 ]]; then
    echo "SKIPPED: $name (out-of-memory case; no memory cap under sanitizers)"; skip=$((skip + 1))
    return
  fi
  local out="$W/$name.out" rc
  if [[ -n $NOCAP ]]; then
    timeout -s KILL $TLIMIT "$@" >"$out" 2>&1 </dev/null; rc=$?
  else
    (ulimit -v "$vmem"; exec timeout -s KILL $TLIMIT "$@") >"$out" 2>&1 </dev/null; rc=$?
  fi
  local why=""
  if ((rc == 137)); then why="killed (hang past ${TLIMIT}s or SIGKILL)";
  elif ((rc >= 128)); then why="ended in signal $((rc - 128))";
  elif ((rc != want)); then why="exit $rc, want $want";
  elif [[ -n $needle ]] && ! grep -qF -- "$needle" "$out"; then why="no '$needle' in the output";
  elif (($(stat -c %s "$out") > MAX_OUT)); then why="output of $(stat -c %s "$out") bytes";
  elif grep -q $'\x1b' "$out"; then why="a raw ESC byte reached the output";
  fi
  if [[ -n $why ]]; then
    echo "FAIL: $name: $why"; head -c 2000 "$out"; echo; fail=$((fail + 1))
  else
    echo "ok:   $name (exit $rc)"; pass=$((pass + 1))
  fi
}

# hassert NAME COND-COMMAND...: an extra check after a case (files left, files kept).
hassert() {
  local name=$1; shift
  if "$@"; then echo "ok:   $name"; pass=$((pass + 1)); else echo "FAIL: $name"; fail=$((fail + 1)); fi
}

# --- generated inputs (never committed)
"$GEN" png 65536 65536 bomb.png
"$GEN" png 30000 30000 bomb30k.png
"$GEN" png 16384 16384 bomb16k.png
"$GEN" png 4 4 trunc4.png
"$GEN" decls 40000 decls40k.visaasm
"$GEN" decls 200000 decls200k.visaasm
"$GEN" texels 50000000 texels50m.json
"$GEN" scene-mb 300 scene300m.json
"$GEN" deep 200000 deep.json
"$GEN" long-token 20 longtoken.json
"$GEN" random 65536 random.bin
"$GEN" random 65536 random.json
"$GEN" random 65536 random.visaasm
"$GEN" elf 65536 prog.elf
"$GEN" repeat 1000 '.decl V1 v_type=G type=f num_elts=1' reserved1000.visaasm
"$GEN" repeat 20000 '    sample_3d.RGBA (M1, 16) 0x0:uw S1 T2 V40.0 V41.0 V42.0' undeclared.visaasm
printf '{"texsim": 1}\0{"surfaces": 7}' > nul.json
truncate -s 2G sparse2g.json  # 2 GiB of NUL bytes, no disk used
printf '\x1b]0;pwned\x07\x1b[2J{"texsim": 1, "isa": "vi\x1b[31msa"}' > ctrl.json
printf '{"texsim": 1, "\\u001b[31mred": 1}' > ctrl_key.json
: > empty.json
: > empty.visaasm
mkdir -p adir.json demo_dir/texsim-demo.png
cp good.visaasm self.visaasm

# 1. PNG bomb: the header is checked against the surface and the budget before decoding.
hcase png_bomb_65536 1 "SCENE-SIZE" "$BIN" check png_bomb.json
hcase png_bomb_30000 1 "SCENE-SIZE" "$BIN" check png_bomb30k.json
hcase png_bomb_16384_budget 1 "SCENE-BUDGET" "$BIN" check --max-memory 1G png_bomb16k.json
hcase png_truncated 1 "SCENE-FILE" "$BIN" check png_trunc.json
hcase png_not_png 1 "SCENE-FILE" "$BIN" check png_notpng.json
# 2. Out of memory: a message and exit 2, never SIGABRT.
# The budgets refuse before allocating; with the budget raised past the cap, the allocation
# fails and the handler reports it.
hcase render_diff_budget 2 "more than --max-memory" \
  "$BIN" render --size 8192x8192 --diff d3d,exact -q -o oom.png
hcase oom_render 2 "out of memory" vmem=$((1024 * 1024)) \
  "$BIN" render --size 8192x8192 --max-memory 8G -q -o oom.png
hcase texels_50m_budget 1 "SCENE-BUDGET" "$BIN" check texels50m.json
hcase oom_texels_50m 2 "out of memory" vmem=$((1024 * 1024)) \
  "$BIN" check --max-memory 16G texels50m.json
hcase scene_300m_budget 1 "SCENE-BUDGET" "$BIN" check scene300m.json
hcase scene_file_2g_budget 1 "the scene file is 2147483648 bytes" "$BIN" check sparse2g.json
hcase oom_scene_300m 2 "out of memory" vmem=$((1024 * 1024)) \
  "$BIN" check --max-memory 16G scene300m.json
# 3. Declarations are linear (the time limit is the check; the benchmark has the figures).
hcase decls_40k 0 "" "$BIN" check decls40k.visaasm
hcase decls_200k_too_many 1 "too many G variables" "$BIN" check decls200k.visaasm
# 4. A scene may declare a variable the program uses.
hcase scene_decl_run 0 "V40" "$BIN" run scene_decl.visaasm --scene scene_decl.json
# 6. Output: checked, atomic, never over the input.
hcase asm_dev_full 2 "cannot write" "$BIN" asm good.visaasm -o /dev/full
hcase asm_over_input 2 "is the input file" "$BIN" asm self.visaasm -o self.visaasm
hassert asm_input_kept cmp -s self.visaasm good.visaasm
hcase asm_parent_not_folder 2 "cannot write" "$BIN" asm good.visaasm -o good.json/out.bin
hcase asm_to_folder 2 "cannot write" "$BIN" asm good.visaasm -o adir.json
cp good.json kept.bin
hcase asm_failed_program_keeps_output 1 "error" "$BIN" asm random.visaasm -o kept.bin
hassert asm_output_kept cmp -s kept.bin good.json
hcase asm_writes 0 "" "$BIN" asm good.visaasm -o new.bin
hassert asm_no_temp_left bash -c '! ls -A . | grep -q "\.tmp-"' 
hcase render_dev_full 2 "cannot write" "$BIN" render -q --size 8x8 -o /dev/full
hcase render_no_dir 2 "cannot write" "$BIN" render -q --size 8x8 -o no/such/dir/x.png
hcase demo_unwritable 2 "cannot write" bash -c "cd demo_dir && exec '$BIN' demo -q"
# 7. Terminal safety, bounded quotes, error limit and collapsed repeats.
hcase control_chars 1 '\x1b' "$BIN" check ctrl.json
hcase control_chars_key 1 '\x1b' "$BIN" check ctrl_key.json
hcase long_token_quote 1 "more bytes not shown" "$BIN" check longtoken.json
hcase repeats_collapsed 1 "with the same message omitted" "$BIN" check reserved1000.visaasm
hcase repeats_of_one_cause 1 "19997 more errors [VISA-UNDECLARED]" "$BIN" check undeclared.visaasm
hcase error_limit 1 "error limit reached (100 errors" "$BIN" check random.visaasm
hcase error_limit_option 1 "error limit reached (5 errors" "$BIN" check --error-limit 5 random.visaasm
# 8. Numbers and JSON text as written.
hcase max_memory_overflow 2 "--max-memory" "$BIN" check --max-memory 17179869184G good.json
hcase slm_size_as_written 1 "got 18446744073709551615" "$BIN" check slm_size.json
hcase duplicate_key 1 "SCENE-DUPLICATE-KEY" "$BIN" check duplicate_key.json
hcase nul_byte 1 "NUL byte" "$BIN" check nul.json
# 9. Exit codes.
hcase run_set_unknown 2 "unknown machine setting" "$BIN" run scene_decl.visaasm --scene scene_decl.json --set foo=bar
hcase disasm_elf 1 "error[SASS-CUBIN]" "$BIN" disasm --isa sass prog.elf
hcase disasm_random 1 "instruction stream" "$BIN" disasm --isa sass random.bin
hcase check_isa_with_scene 0 "" "$BIN" check --isa visa good.visaasm good.json
hcase check_scene_other_name 1 "SCENE-" "$BIN" check --isa visa bad_scene.txt
hcase demo_isa 2 "takes no --isa" "$BIN" demo --isa visa
hcase render_isa 2 "takes no --isa" "$BIN" render --isa visa -o x.png
hcase render_platform 2 "takes no --platform" "$BIN" render --platform TGLLP -o x.png
# Issue 31: `sample`'s output. A device node or pipe is written in place, never replaced (as root,
# a rename over /dev/null replaced it); a full device fails; its own inputs are refused.
EX="$HERE/../../examples"
cp "$EX/sample/requests.jsonl" sample_self.jsonl
hcase sample_dev_full 2 "No space left on device" "$BIN" sample --scene "$EX/scenes/checker-2d.json" --requests "$EX/sample/requests.jsonl" -o /dev/full
hcase sample_over_input 2 "is the input file" "$BIN" sample --scene "$EX/scenes/checker-2d.json" --requests sample_self.jsonl -o sample_self.jsonl
hassert sample_input_kept cmp -s sample_self.jsonl "$EX/sample/requests.jsonl"
cp "$EX/scenes/checker-2d.json" sample_scene.json
hcase sample_over_scene 2 "is the input file" "$BIN" sample --scene sample_scene.json --requests sample_self.jsonl -o sample_scene.json
mkfifo sample.fifo
timeout 60 cat sample.fifo >sample_fifo.jsonl 2>/dev/null </dev/null &
reader=$!
hcase sample_fifo 0 "" "$BIN" sample --scene sample_scene.json --requests sample_self.jsonl -o sample.fifo
wait $reader
hassert sample_fifo_read grep -q '"line":1' sample_fifo.jsonl
hassert sample_fifo_kept test -p sample.fifo
if mknod sample_null c 1 3 2>/dev/null && mknod sample_full c 1 7 2>/dev/null; then
  hcase sample_dev_node 0 "" "$BIN" sample --scene sample_scene.json --requests sample_self.jsonl -o sample_null
  hassert sample_dev_node_kept test -c sample_null
  hcase sample_full_node 2 "No space left on device" "$BIN" sample --scene sample_scene.json --requests sample_self.jsonl -o sample_full
  hassert sample_full_node_kept test -c sample_full
  hcase render_dev_node 0 "" "$BIN" render -q --size 8x8 -o sample_null
  hassert render_dev_node_kept test -c sample_null
else
  echo "SKIPPED: sample_dev_node (mknod needs root)"; skip=$((skip + 1))
fi
# Beyond the review: malformed and odd inputs of every kind.
hcase deep_nesting 1 "SCENE-JSON" "$BIN" check deep.json
hcase random_json 1 "SCENE-JSON" "$BIN" check random.json
hcase random_program 1 "error" "$BIN" check random.visaasm
hcase empty_scene 1 "SCENE-JSON" "$BIN" check empty.json
hcase empty_program 0 "" "$BIN" check empty.visaasm
hcase folder_as_input 2 "not a regular file" "$BIN" check adir.json
hcase missing_input 2 "no such file" "$BIN" check no-such.visaasm
hcase path_escape 1 "outside the scene's folder" "$BIN" check path_escape.json
hcase bad_size_arg 2 "--size" "$BIN" render --size 99999x1 -o x.png
hcase huge_size_value 1 "SCENE-" "$BIN" check huge_dims.json

echo "hostile corpus: $pass passed, $fail failed, $skip skipped"
((fail == 0))
