//! Every file of JSONTestSuite (`test_parsing/`): `y_` accepted, `n_`
//! refused, each `i_` pinned below, no panic anywhere; and the serde_json
//! differential check on every file.

use binder_core::{Error, ErrorKind, Limits};
use binder_test_support::json_oracle::{check_json, ours, skipped};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

const SUITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/JSONTestSuite/test_parsing"
);

/// The files whose names start with `prefix`, sorted, with their bytes.
fn files(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(SUITE)
        .expect("the JSONTestSuite directory")
        .map(|e| e.unwrap().path())
        .filter(|p| name(p).starts_with(prefix) && name(p).ends_with(".json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| (name(&p).to_owned(), std::fs::read(&p).unwrap()))
        .collect()
}

fn name(p: &Path) -> &str {
    p.file_name().and_then(|n| n.to_str()).unwrap_or_default()
}

/// Whether the document is accepted, by walking it (every value read) and by
/// skipping it, under the default limits; both must agree, and neither may
/// panic.
fn outcome(file: &str, input: &[u8]) -> Result<(), Error> {
    let limits = Limits::DEFAULT;
    let walked = catch_unwind(AssertUnwindSafe(|| {
        ours(input, &limits, &mut Vec::new()).map(|_| ())
    }))
    .unwrap_or_else(|_| panic!("the walk panics on {file}"));
    let skip = catch_unwind(AssertUnwindSafe(|| skipped(input, &limits)))
        .unwrap_or_else(|_| panic!("skip_value panics on {file}"));
    assert_eq!(walked, skip, "walk and skip disagree on {file}");
    if let Err(e) = walked {
        assert_ne!(e.kind(), ErrorKind::JsonOutOfOrder, "{file}: {e}");
        assert!(e.offset() <= input.len(), "{file}: {e}");
    }
    walked
}

#[test]
fn y_files_are_all_accepted() {
    let files = files("y_");
    assert_eq!(files.len(), 95);
    let mut accepted = 0;
    for (file, input) in &files {
        match outcome(file, input) {
            Ok(()) => accepted += 1,
            Err(e) => panic!("{file} refused: {e}"),
        }
    }
    assert_eq!(accepted, 95);
}

#[test]
fn n_files_are_all_refused() {
    let files = files("n_");
    assert_eq!(files.len(), 188);
    let mut refused = 0;
    for (file, input) in &files {
        match outcome(file, input) {
            Ok(()) => panic!("{file} accepted: {:?}", String::from_utf8_lossy(input)),
            Err(_) => refused += 1,
        }
    }
    assert_eq!(refused, 188);
}

/// Each `i_` file (implementation-defined) and what we do with it: `None`
/// accepted, `Some(kind)` refused with that error.
#[rustfmt::skip]
const I_FILES: &[(&str, Option<ErrorKind>, &str)] = &[
    ("i_number_double_huge_neg_exp.json", None, "grammar-valid; parses to 0.0"),
    ("i_number_huge_exp.json", None, "grammar-valid; only parse::<f64> refuses it (OutOfRange)"),
    ("i_number_neg_int_huge_exp.json", None, "grammar-valid; parse::<f64> refuses -inf"),
    ("i_number_pos_double_huge_exp.json", None, "grammar-valid; parse::<f64> refuses +inf"),
    ("i_number_real_neg_overflow.json", None, "grammar-valid; parse::<f64> refuses -inf"),
    ("i_number_real_pos_overflow.json", None, "grammar-valid; parse::<f64> refuses +inf"),
    ("i_number_real_underflow.json", None, "grammar-valid; parses to 0.0"),
    ("i_number_too_big_neg_int.json", None, "grammar-valid; integer types refuse it, f64 rounds"),
    ("i_number_too_big_pos_int.json", None, "grammar-valid; u64 refuses it, u128 and f64 read it"),
    ("i_number_very_big_negative_int.json", None, "grammar-valid; integer types refuse it, f64 rounds"),
    ("i_object_key_lone_2nd_surrogate.json", Some(ErrorKind::JsonLoneSurrogate), "a name must decode to UTF-8"),
    ("i_string_1st_surrogate_but_2nd_missing.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate, then the end"),
    ("i_string_1st_valid_surrogate_2nd_invalid.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate, then a non-surrogate escape"),
    ("i_string_UTF-16LE_with_BOM.json", Some(ErrorKind::JsonInvalidUtf8), "UTF-16 is not UTF-8 (0xFF first)"),
    ("i_string_UTF-8_invalid_sequence.json", Some(ErrorKind::JsonInvalidUtf8), "not UTF-8"),
    ("i_string_UTF8_surrogate_U+D800.json", Some(ErrorKind::JsonInvalidUtf8), "an encoded surrogate is not UTF-8"),
    ("i_string_incomplete_surrogate_and_escape_valid.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate, then \\n"),
    ("i_string_incomplete_surrogate_pair.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate, then text"),
    ("i_string_incomplete_surrogates_escape_valid.json", Some(ErrorKind::JsonLoneSurrogate), "two high surrogates"),
    ("i_string_invalid_lonely_surrogate.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate alone"),
    ("i_string_invalid_surrogate.json", Some(ErrorKind::JsonLoneSurrogate), "high surrogate, then text"),
    ("i_string_invalid_utf-8.json", Some(ErrorKind::JsonInvalidUtf8), "0xFF is never UTF-8"),
    ("i_string_inverted_surrogates_U+1D11E.json", Some(ErrorKind::JsonLoneSurrogate), "low surrogate first"),
    ("i_string_iso_latin_1.json", Some(ErrorKind::JsonInvalidUtf8), "Latin-1 is not UTF-8"),
    ("i_string_lone_second_surrogate.json", Some(ErrorKind::JsonLoneSurrogate), "low surrogate alone"),
    ("i_string_lone_utf8_continuation_byte.json", Some(ErrorKind::JsonInvalidUtf8), "a lone continuation byte"),
    ("i_string_not_in_unicode_range.json", Some(ErrorKind::JsonInvalidUtf8), "past U+10FFFF"),
    ("i_string_overlong_sequence_2_bytes.json", Some(ErrorKind::JsonInvalidUtf8), "overlong encoding"),
    ("i_string_overlong_sequence_6_bytes.json", Some(ErrorKind::JsonInvalidUtf8), "overlong encoding"),
    ("i_string_overlong_sequence_6_bytes_null.json", Some(ErrorKind::JsonInvalidUtf8), "overlong encoding of NUL"),
    ("i_string_truncated-utf-8.json", Some(ErrorKind::JsonInvalidUtf8), "truncated sequence"),
    ("i_string_utf16BE_no_BOM.json", Some(ErrorKind::JsonUnexpected), "UTF-16: a NUL byte starts no value"),
    ("i_string_utf16LE_no_BOM.json", Some(ErrorKind::JsonUnexpected), "UTF-16: a NUL byte after `[` starts no value"),
    ("i_structure_500_nested_arrays.json", Some(ErrorKind::JsonTooDeep), "past the default depth limit of 128"),
    ("i_structure_UTF-8_BOM_empty_object.json", Some(ErrorKind::JsonUnexpected), "a byte order mark is refused"),
];

#[test]
fn i_files_are_each_pinned() {
    let files = files("i_");
    assert_eq!(files.len(), 35);
    assert_eq!(I_FILES.len(), files.len());
    let mut wrong = Vec::new();
    for ((file, input), &(pinned, want, why)) in files.iter().zip(I_FILES) {
        assert_eq!(file, pinned, "the table follows the files' sorted order");
        let got = outcome(file, input).map_err(|e| e.kind());
        let want = want.map_or(Ok(()), Err);
        if got != want {
            wrong.push(format!("{file}: got {got:?}, want {want:?} ({why})"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let accepted = I_FILES.iter().filter(|(_, k, _)| k.is_none()).count();
    assert_eq!((accepted, I_FILES.len() - accepted), (10, 25));
}

#[test]
fn every_file_matches_serde_json() {
    let files = files("");
    assert_eq!(files.len(), 95 + 188 + 35);
    for (file, input) in &files {
        if catch_unwind(AssertUnwindSafe(|| check_json(input))).is_err() {
            panic!("check_json fails on {file}");
        }
    }
}
