//! A tuple or fixed-size array of number types reads a compact array of
//! numbers (`[-65.6,43.1]`) in one step: checked against the
//! element-by-element walk (`numbers_oracle`) on edges and on 40,000
//! generated arrays, at three depth limits.

use binder_test_support::generate::Rng;
use binder_test_support::numbers_oracle::check_numbers;

/// Elements: mostly numbers (the first seven), so that many arrays are all
/// numbers; then numbers the grammar refuses, other kinds, whitespace.
const ELEMENTS: &[&str] = &[
    "0",
    "1",
    "-2.5",
    "1e5",
    "300",
    "-1",
    "65.613616999999977",
    "-0",
    "1E-2",
    "4294967296",
    "01",
    "1.",
    "-",
    "1e",
    ".5",
    "null",
    "\"3\"",
    "true",
    "[1]",
    "{}",
    "",
    " ",
    "1 ",
    " 2",
];

#[test]
fn edges_read_in_one_step_as_the_walk_reads_them() {
    let mut bound = 0;
    for v in [
        "[1,2]",
        "[1.5,-2.25]",
        "[1,2,3]",
        "[1]",
        "[]",
        "[ 1,2]",
        "[1 ,2]",
        "[1, 2]",
        "[1,2 ]",
        "[1,2",
        "[1,",
        "[1",
        "[",
        "[-,2]",
        "[01,2]",
        "[1,02]",
        "[1.,2]",
        "[1,2.]",
        "[1e,2]",
        "[1,null]",
        "[null,1]",
        "[1,\"2\"]",
        "[\"1\",2]",
        "[1,[2]]",
        "[[1],2]",
        "[1,2]]",
        "[300,-129]",
        "[255,-128]",
        "[1e400,1]",
        "[-0,-0]",
        "[1,2,]",
        "[,1,2]",
        "[1,,2]",
        "null",
        "1",
        "\"x\"",
        "{}",
        "[1,2]x",
        "[1,2,3,4]",
        "[1,-2,3]",
        "[4294967295,1,-128]",
    ] {
        for input in [
            format!("[{v},7]"),
            format!("[{v}]"),
            format!("[{v}"),
            v.to_string(),
        ] {
            bound += check_numbers(input.as_bytes());
        }
    }
    assert!(bound > 40, "{bound} bound");
}

#[test]
fn generated_arrays_read_in_one_step_as_the_walk_reads_them() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut bound = 0;
    for _ in 0..40_000 {
        let n = rng.below(5);
        let mut v = String::from("[");
        for i in 0..n {
            if i > 0 {
                v.push_str(if rng.below(16) == 0 { " ," } else { "," });
            }
            let e = if rng.below(4) != 0 {
                ELEMENTS[rng.below(7)]
            } else {
                ELEMENTS[rng.below(ELEMENTS.len())]
            };
            v.push_str(e);
        }
        v.push_str(if rng.below(8) == 0 { " ]" } else { "]" });
        let mut input = format!("[{v},7]").into_bytes();
        if rng.below(16) == 0 {
            // Cut short, anywhere.
            input.truncate(rng.below(input.len() + 1));
        }
        bound += check_numbers(&input);
    }
    assert!(bound > 10_000, "{bound} bound");
}
