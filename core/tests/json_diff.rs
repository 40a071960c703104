//! The JSON reader against serde_json (the oracle): a table of seeds at the
//! edges, then 100,000 generated documents; and nesting far past the limit
//! refused without recursion.

use binder_core::json::{Reader, MAX_DEPTH};
use binder_core::{ErrorKind, Limits};
use binder_test_support::generate::{json_doc, Rng};
use binder_test_support::json_oracle::{check_json, ours, serde_limits, skipped, SERDE_DEPTH};

/// `n + 1`, for a run of decimal digits.
fn plus_one(n: &str) -> String {
    let mut digits = n.as_bytes().to_vec();
    for d in digits.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return String::from_utf8(digits).unwrap();
        }
    }
    digits.insert(0, b'1');
    String::from_utf8(digits).unwrap()
}

/// Every integer width's edges: max, max + 1, min, min - 1.
fn edge_numbers() -> Vec<String> {
    let mut out = Vec::new();
    let unsigned = [
        u8::MAX as u128,
        u16::MAX as u128,
        u32::MAX as u128,
        u64::MAX as u128,
        u128::MAX,
    ];
    for max in unsigned {
        out.push(max.to_string());
        out.push(plus_one(&max.to_string()));
    }
    let signed = [
        (i8::MIN as i128, i8::MAX as i128),
        (i16::MIN as i128, i16::MAX as i128),
        (i32::MIN as i128, i32::MAX as i128),
        (i64::MIN as i128, i64::MAX as i128),
        (i128::MIN, i128::MAX),
    ];
    for (min, max) in signed {
        out.push(max.to_string());
        out.push(plus_one(&max.to_string()));
        out.push(min.to_string());
        out.push(format!("-{}", plus_one(&min.unsigned_abs().to_string())));
    }
    // The unsigned minimum, and just below it.
    out.extend(["0", "-1"].map(String::from));
    out
}

/// Nesting `depth` levels deep around `1`, of arrays or of objects.
fn nested(depth: usize, object: bool) -> Vec<u8> {
    let (open, close): (&[u8], &[u8]) = if object {
        (br#"{"a":"#, b"}")
    } else {
        (b"[", b"]")
    };
    [open.repeat(depth), b"1".to_vec(), close.repeat(depth)].concat()
}

#[test]
fn seeds_match_serde_json() {
    let mut seeds: Vec<Vec<u8>> = [
        // Empty, whitespace only, each literal.
        &b""[..],
        b" ",
        b" \t\n\r ",
        b"\x0c",
        b"true",
        b"false",
        b"null",
        b" null ",
        b"nul",
        b"nulll",
        b"True",
        b"[true,false,null]",
        b"{}",
        b"[]",
        b"{ }",
        b"[ ]",
        // Structure.
        b"[1,]",
        b"{\"a\":1,}",
        b"[,1]",
        b"{,}",
        b"{\"a\"}",
        b"{\"a\" 1}",
        b"{1:1}",
        b"[1 2]",
        b"[1]]",
        b"{}}",
        b"[1] x",
        b"[1] [2]",
        b"\xef\xbb\xbf{}",
        b"// x\n1",
        b"'a'",
        // Escapes.
        br#""\"\\\/\b\f\n\r\t""#,
        br#""\u0041\u00e9\u20AC\uFFFF\u0000""#,
        br#""\x""#,
        br#""\u12""#,
        br#""\u12g4""#,
        br#""\U0041""#,
        br#""\""#,
        b"\"\\",
        b"\"a\x01b\"",
        b"\"a\x7fb\"",
        b"\"tab\there\"",
        br#"{"\u0061":1}"#,
        br#"{"\u0061bcdefghijklmnop":1, "abcdefghijklmnopq":2}"#,
        br#"{"a\nb":1}"#,
        // Surrogate pairs, and lone surrogates.
        br#""\uD834\uDD1E""#,
        br#""\ud83d\ude00x""#,
        br#""\uDBFF\uDFFF""#,
        br#""\uD800""#,
        br#""\uDC00""#,
        br#""\uD800\u0041""#,
        br#""\uD800\n""#,
        br#""\uDC00\uD800""#,
        br#""\uD800\uD800""#,
        br#""\uD800\""#,
        br#"{"\uD800":1}"#,
        // UTF-8.
        "\"caf\u{e9} \u{1F600}\"".as_bytes(),
        b"\"\xff\"",
        b"\"\xc3\"",
        b"\"\xed\xa0\x80\"",
        b"[\"ok\", \"\xe9\"]",
        // Numbers.
        b"-0",
        b"[-0, -0.0, 0e0, -0E-0]",
        b"1e400",
        b"-1e400",
        b"[1e400, \"x\", {\"a\": 1E+999}]",
        b"1e-400",
        b"1.0",
        b"1e5",
        b"1E5",
        b"1e+5",
        b"1e-5",
        b"0.1",
        b"123.456e-789",
        b"2.2250738585072014e-308",
        b"1.7976931348623157e308",
        b"1.7976931348623159e308",
        b"9007199254740993",
        b"01",
        b"-01",
        b"00",
        b"1.",
        b".5",
        b"+1",
        b"-",
        b"1e",
        b"1e+",
        b"1.e5",
        b"0x10",
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b"1 2",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    for n in edge_numbers() {
        seeds.push(n.clone().into_bytes());
        seeds.push(format!("[{n}]").into_bytes());
        seeds.push(format!(r#"{{"n": {n}, "m": [{n}, {n}]}}"#).into_bytes());
        seeds.push(format!("{n}.5").into_bytes());
        seeds.push(format!("{n}e0").into_bytes());
    }
    // Nesting at serde_json's limit and past it.
    for depth in [
        1,
        SERDE_DEPTH - 1,
        SERDE_DEPTH,
        SERDE_DEPTH + 1,
        SERDE_DEPTH + 2,
    ] {
        for object in [false, true] {
            seeds.push(nested(depth, object));
        }
    }
    for seed in &seeds {
        check_json(seed);
    }

    // Under the default limits, the deepest nesting allowed is 128.
    for object in [false, true] {
        let limits = Limits::DEFAULT;
        assert_eq!(limits.max_json_depth, 128);
        assert!(ours(&nested(128, object), &limits, &mut Vec::new()).is_ok());
        assert!(skipped(&nested(128, object), &limits).is_ok());
        let deep = nested(129, object);
        let err = ours(&deep, &limits, &mut Vec::new()).unwrap_err();
        let at = if object { 128 * 5 } else { 128 };
        assert_eq!((err.kind(), err.offset()), (ErrorKind::JsonTooDeep, at));
        assert_eq!(skipped(&deep, &limits), Err(err));
    }
}

#[test]
fn edge_numbers_are_the_edges() {
    let n = edge_numbers();
    assert_eq!(n.len(), 5 * 2 + 5 * 4 + 2);
    assert!(n.contains(&"340282366920938463463374607431768211456".to_owned()));
    assert!(n.contains(&"-170141183460469231731687303715884105729".to_owned()));
    assert!(n.contains(&"-129".to_owned()) && n.contains(&"256".to_owned()));
    fn r(s: &str) -> binder_core::json::Number<'_> {
        Reader::new(s.as_bytes()).read_number().unwrap()
    }
    assert_eq!(r("255").parse::<u8>(), Ok(255));
    assert!(r("256").parse::<u8>().is_err());
    assert_eq!(r("-128").parse::<i8>(), Ok(-128));
    assert!(r("-129").parse::<i8>().is_err());
}

#[test]
fn generated_documents_match_serde_json() {
    const DOCS: usize = 100_000;
    let mut rng = Rng::new(0x4A53_4F4E);
    let limits = serde_limits();
    let mut accepted = 0;
    for _ in 0..DOCS {
        let doc = json_doc(&mut rng, SERDE_DEPTH);
        check_json(&doc);
        accepted += usize::from(skipped(&doc, &limits).is_ok());
    }
    // The generator reaches both sides of the line.
    assert!(
        accepted > DOCS / 2 && accepted < DOCS * 9 / 10,
        "{accepted} accepted of {DOCS}"
    );
}

/// Runs `f` on a thread with a 256 KiB stack: deep input must not recurse.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no stack overflow, no panic");
}

#[test]
fn hundred_thousand_levels_are_too_deep_without_recursion() {
    on_small_stack(|| {
        for (open, width) in [(&b"["[..], 1), (&br#"{"a":"#[..], 5)] {
            let input = open.repeat(100_000);
            let mut max = Limits::DEFAULT;
            max.max_json_depth = usize::MAX;
            for (limits, depth) in [(Limits::DEFAULT, 128), (max, MAX_DEPTH)] {
                // Skipped.
                let err = skipped(&input, &limits).unwrap_err();
                assert_eq!(
                    (err.kind(), err.offset()),
                    (ErrorKind::JsonTooDeep, depth * width)
                );
                // Walked by hand, one level a turn.
                let mut r = Reader::with_limits(&input, &limits);
                let err = loop {
                    let step = if width == 1 {
                        r.begin_array().and_then(|()| r.next_element())
                    } else {
                        r.begin_object()
                            .and_then(|()| r.next_member(&mut []))
                            .map(|name| name.is_some())
                    };
                    match step {
                        Ok(more) => assert!(more),
                        Err(e) => break e,
                    }
                };
                assert_eq!(
                    (err.kind(), err.offset(), r.depth()),
                    (ErrorKind::JsonTooDeep, depth * width, depth)
                );
            }
        }
    });
    // The oracle's walk and serde_json both recurse (as deep as their
    // limits let them): on the ordinary stack, they agree.
    for open in [&b"["[..], br#"{"a":"#] {
        let input = open.repeat(100_000);
        let err = ours(&input, &Limits::DEFAULT, &mut Vec::new()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::JsonTooDeep);
        check_json(&input);
    }
}

/// `value` laid out by serde_json's pretty printer with `indent` as one
/// level of indentation and `newline` for each line break.
fn laid_out(value: &serde_json::Value, indent: &[u8], newline: &[u8]) -> Vec<u8> {
    use serde::Serialize;
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(indent);
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    value.serialize(&mut ser).expect("a value serializes");
    if newline == b"\n" {
        return out;
    }
    let mut swapped = Vec::with_capacity(out.len() * 2);
    for b in out {
        if b == b'\n' {
            swapped.extend_from_slice(newline);
        } else {
            swapped.push(b);
        }
    }
    swapped
}

/// Pretty-printed documents, as services and their clients send them:
/// every indentation width from none to past two eight-byte words, tabs,
/// CRLF and mixed runs, whitespace up to the end of the input, and a
/// document cut off inside its indentation. The reader's whitespace is
/// where a fast path for indentation would go; each layout reads as the
/// same values as serde_json's, and is refused where serde_json refuses it.
#[test]
fn pretty_printed_layouts_match_serde_json() {
    let mut rng = Rng::new(0x5052_4554);
    let mut values = vec![serde_json::json!({
        "a": [1, 2.5, -3, "x", null, true, false, {}, [], {"b": {"c": [[], [{}]]}}],
        "areas": {"205705993": "Arri\u{e8}re-sc\u{e8}ne", "205705994": null},
        "": "",
    })];
    while values.len() < 200 {
        let doc = json_doc(&mut rng, 8);
        if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&doc) {
            values.push(v);
        }
    }
    let mut indents: Vec<Vec<u8>> = (0..=17).map(|n| vec![b' '; n]).collect();
    indents.extend([b"\t".to_vec(), b"\t ".to_vec(), b"  \t      ".to_vec()]);
    let newlines: [&[u8]; 4] = [b"\n", b"\r\n", b"\n\r", b" \n"];
    let mut checked = 0;
    for value in &values {
        for indent in &indents {
            for newline in newlines {
                let doc = laid_out(value, indent, newline);
                check_json(&doc);
                // Trailing whitespace of every length up to the end.
                for tail in [1, 7, 8, 9, 16, 17] {
                    let mut padded = doc.clone();
                    padded.extend_from_slice(newline);
                    padded.resize(padded.len() + tail, b' ');
                    check_json(&padded);
                }
                // Cut off inside the indentation after a line break.
                if let Some(at) = doc.iter().position(|&b| b == b'\n') {
                    let end = (at + 1 + indent.len() / 2).min(doc.len() - 1);
                    check_json(&doc[..end]);
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, values.len() * indents.len() * newlines.len());
}
