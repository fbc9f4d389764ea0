;; The playground's one hot loop, dot products of many row pairs, in WebAssembly SIMD: four float32 lanes per
;; instruction where JavaScript does one float64 at a time. Compiled to kernels.wasm.ts by `npm run build:wasm`
;; (a unit test checks the two agree).
;;
;; product(a, first, last, b, rowsB, d, out, symmetric) writes out[i·rowsB + j] = a_i · b_j for the rows
;; first ≤ i < last of a and all rowsB rows of b, float32 rows of d values at byte offsets a and b of this module's
;; memory. Rows are padded by the caller: d is a multiple of 4, first and last of 2, and rowsB of 4. With
;; symmetric = 1 (a = b), only the blocks on or right of the diagonal are computed, and each product is written
;; to both halves.
;;
;; Callers split a large product into calls of a few rows: V8 first runs a module on its baseline compiler and
;; swaps in the optimised code only between calls, so one long call would run unoptimised throughout.
;;
;; Two rows against four at a time: eight accumulators, so each loaded vector serves two or four products while
;; everything stays in the 16 SIMD registers of x86-64 and ARM.
(module
  (memory (export "memory") 1)

  (func $sum (param $v v128) (result f32)
    (f32.add
      (f32.add (f32x4.extract_lane 0 (local.get $v)) (f32x4.extract_lane 1 (local.get $v)))
      (f32.add (f32x4.extract_lane 2 (local.get $v)) (f32x4.extract_lane 3 (local.get $v)))))

  ;; out[r·width + c] = value, and out[c·width + r] too when mirroring.
  (func $put (param $out i32) (param $width i32) (param $r i32) (param $c i32) (param $value f32) (param $mirror i32)
    (f32.store
      (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $r) (local.get $width)) (local.get $c)) (i32.const 2)))
      (local.get $value))
    (if (local.get $mirror)
      (then
        (f32.store
          (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $c) (local.get $width)) (local.get $r)) (i32.const 2)))
          (local.get $value)))))

  (func (export "product")
    (param $a i32) (param $first i32) (param $last i32) (param $b i32) (param $rowsB i32) (param $d i32) (param $out i32) (param $symmetric i32)
    (local $stride i32) (local $i i32) (local $j i32) (local $k i32)
    (local $a0 i32) (local $a1 i32) (local $b0 i32) (local $b1 i32) (local $b2 i32) (local $b3 i32)
    (local $x0 v128) (local $x1 v128) (local $y v128)
    (local $s00 v128) (local $s01 v128) (local $s02 v128) (local $s03 v128)
    (local $s10 v128) (local $s11 v128) (local $s12 v128) (local $s13 v128)
    (local.set $stride (i32.shl (local.get $d) (i32.const 2)))
    (if (i32.or (i32.ge_u (local.get $first) (local.get $last)) (i32.eqz (local.get $d))) (then (return)))
    (local.set $i (local.get $first))
    (loop $rows
      (local.set $a0 (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $stride))))
      (local.set $a1 (i32.add (local.get $a0) (local.get $stride)))
      ;; Symmetric: start at the 4-wide block holding row i, so the diagonal is covered and nothing left of it.
      (local.set $j (select (i32.and (local.get $i) (i32.const -4)) (i32.const 0) (local.get $symmetric)))
      (block $colsDone
        (loop $cols
          (br_if $colsDone (i32.ge_u (local.get $j) (local.get $rowsB)))
          (local.set $b0 (i32.add (local.get $b) (i32.mul (local.get $j) (local.get $stride))))
          (local.set $b1 (i32.add (local.get $b0) (local.get $stride)))
          (local.set $b2 (i32.add (local.get $b1) (local.get $stride)))
          (local.set $b3 (i32.add (local.get $b2) (local.get $stride)))
          (local.set $s00 (v128.const i32x4 0 0 0 0))
          (local.set $s01 (v128.const i32x4 0 0 0 0))
          (local.set $s02 (v128.const i32x4 0 0 0 0))
          (local.set $s03 (v128.const i32x4 0 0 0 0))
          (local.set $s10 (v128.const i32x4 0 0 0 0))
          (local.set $s11 (v128.const i32x4 0 0 0 0))
          (local.set $s12 (v128.const i32x4 0 0 0 0))
          (local.set $s13 (v128.const i32x4 0 0 0 0))
          (local.set $k (i32.const 0))
          (loop $dot
            (local.set $x0 (v128.load (i32.add (local.get $a0) (local.get $k))))
            (local.set $x1 (v128.load (i32.add (local.get $a1) (local.get $k))))
            (local.set $y (v128.load (i32.add (local.get $b0) (local.get $k))))
            (local.set $s00 (f32x4.add (local.get $s00) (f32x4.mul (local.get $x0) (local.get $y))))
            (local.set $s10 (f32x4.add (local.get $s10) (f32x4.mul (local.get $x1) (local.get $y))))
            (local.set $y (v128.load (i32.add (local.get $b1) (local.get $k))))
            (local.set $s01 (f32x4.add (local.get $s01) (f32x4.mul (local.get $x0) (local.get $y))))
            (local.set $s11 (f32x4.add (local.get $s11) (f32x4.mul (local.get $x1) (local.get $y))))
            (local.set $y (v128.load (i32.add (local.get $b2) (local.get $k))))
            (local.set $s02 (f32x4.add (local.get $s02) (f32x4.mul (local.get $x0) (local.get $y))))
            (local.set $s12 (f32x4.add (local.get $s12) (f32x4.mul (local.get $x1) (local.get $y))))
            (local.set $y (v128.load (i32.add (local.get $b3) (local.get $k))))
            (local.set $s03 (f32x4.add (local.get $s03) (f32x4.mul (local.get $x0) (local.get $y))))
            (local.set $s13 (f32x4.add (local.get $s13) (f32x4.mul (local.get $x1) (local.get $y))))
            (local.set $k (i32.add (local.get $k) (i32.const 16)))
            (br_if $dot (i32.lt_u (local.get $k) (local.get $stride))))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (local.get $j) (call $sum (local.get $s00)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 1)) (call $sum (local.get $s01)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 2)) (call $sum (local.get $s02)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 3)) (call $sum (local.get $s03)) (local.get $symmetric))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (local.get $j) (call $sum (local.get $s10)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 1)) (call $sum (local.get $s11)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 2)) (call $sum (local.get $s12)) (local.get $symmetric))
          (call $put (local.get $out) (local.get $rowsB) (local.get $i) (i32.add (local.get $j) (i32.const 3)) (call $sum (local.get $s13)) (local.get $symmetric))
          (local.set $i (i32.sub (local.get $i) (i32.const 1)))
          (local.set $j (i32.add (local.get $j) (i32.const 4)))
          (br $cols)))
      (local.set $i (i32.add (local.get $i) (i32.const 2)))
      (br_if $rows (i32.lt_u (local.get $i) (local.get $last))))))
