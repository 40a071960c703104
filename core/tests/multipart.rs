//! multipart/form-data scanning: the RFC 7578 examples, every edge the
//! module documents, the limits, and a differential test against multer on
//! generated bodies.

use binder_core::multipart::{self, Boundary, Part};
use binder_core::{Error, ErrorKind, Limits};
use binder_test_support::generate::Rng;
use binder_test_support::multipart_oracle::{
    build, check_content_type, check_multipart, check_roundtrip, mangle, multer_limits, ours,
    random_spec, Got, Spec, SpecPart,
};

fn b(raw: &str) -> Boundary {
    Boundary::new(raw.as_bytes()).unwrap()
}

/// Every part of `body`, or the first error.
fn scan<'a>(body: &'a [u8], boundary: &str) -> Result<Vec<Part<'a>>, Error> {
    multipart::parts(body, &b(boundary)).collect()
}

fn kind(body: &[u8], boundary: &str) -> ErrorKind {
    scan(body, boundary).unwrap_err().kind()
}

/// Our decoded reading of `body`, checked against multer as well.
fn read(body: &[u8], boundary: &str) -> Vec<Got> {
    check_multipart(body, &b(boundary));
    let (got, err) = ours(body, &b(boundary), &Limits::DEFAULT);
    assert_eq!(err, None);
    got
}

fn part(name: &str, body: &str) -> String {
    format!("--b\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{body}\r\n")
}

// ---- RFC 7578 and the HTML standard ----

#[test]
fn rfc7578_section_4_1_boundary_example() {
    let body = b"--AaB03x\r\n\
        content-disposition: form-data; name=\"field1\"\r\n\
        content-type: text/plain;charset=windows-1250\r\n\
        content-transfer-encoding: quoted-printable\r\n\r\n\
        Joe owes =80100.\r\n\
        --AaB03x\r\n";
    // The RFC's fragment stops at a delimiter: as a body it is cut short.
    assert_eq!(kind(body, "AaB03x"), ErrorKind::UnexpectedEnd);
    let mut whole = body[..body.len() - 2].to_vec();
    whole.extend_from_slice(b"--\r\n");
    let got = read(&whole, "AaB03x");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].name, b"field1");
    assert_eq!(
        got[0].content_type.as_deref(),
        Some(&b"text/plain;charset=windows-1250"[..])
    );
    assert_eq!(got[0].data, b"Joe owes =80100.");
    assert_eq!(got[0].headers[2].0, "content-transfer-encoding");
}

#[test]
fn rfc7578_section_4_2_filename_is_raw_utf8_and_filename_star_is_ignored() {
    let body = "--AaB03x\r\n\
        content-disposition: form-data; name=\"field1\"; filename=\"文件.txt\"\r\n\r\n\
        x\r\n\
        --AaB03x\r\n\
        content-disposition: form-data; name=\"field2\"; filename*=utf-8''%e6%96%87%e4%bb%b6.txt\r\n\r\n\
        y\r\n\
        --AaB03x--";
    let got = read(body.as_bytes(), "AaB03x");
    assert_eq!(got[0].filename.as_deref(), Some("文件.txt".as_bytes()));
    assert_eq!(got[1].filename, None);
}

#[test]
fn rfc7578_section_4_6_charset_field() {
    let body = b"--AaB03x\r\n\
        content-disposition: form-data; name=\"_charset_\"\r\n\r\n\
        iso-8859-1\r\n\
        --AaB03x--\r\n\
        content-disposition: form-data; name=\"field1\"\r\n\r\n\
        ...\r\n\
        --AaB03x--\r\n";
    // Everything after the first close delimiter is epilogue.
    let got = read(body, "AaB03x");
    assert_eq!(got.len(), 1);
    assert_eq!(
        (&got[0].name[..], &got[0].data[..]),
        (&b"_charset_"[..], &b"iso-8859-1"[..])
    );
}

#[test]
fn html_form_with_a_text_field_and_two_files() {
    let body = b"--AaB03x\r\n\
        Content-Disposition: form-data; name=\"submit-name\"\r\n\r\n\
        Larry\r\n\
        --AaB03x\r\n\
        Content-Disposition: form-data; name=\"files\"; filename=\"file1.txt\"\r\n\
        Content-Type: text/plain\r\n\r\n\
        ... contents of file1.txt ...\r\n\
        --AaB03x\r\n\
        Content-Disposition: form-data; name=\"files\"; filename=\"file2.gif\"\r\n\
        Content-Type: image/gif\r\n\r\n\
        GIF89a\r\n\
        --AaB03x--\r\n";
    let got = read(body, "AaB03x");
    let names: Vec<_> = got
        .iter()
        .map(|g| (&g.name[..], g.filename.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            (&b"submit-name"[..], None),
            (b"files", Some(&b"file1.txt"[..])),
            (b"files", Some(&b"file2.gif"[..]))
        ]
    );
    assert_eq!(got[2].data, b"GIF89a");
}

#[test]
fn a_form_with_no_fields_has_no_parts() {
    assert!(scan(b"--b--\r\n", "b").unwrap().is_empty());
    assert!(read(b"--b--", "b").is_empty());
}

// ---- the boundary ----

#[test]
fn boundary_type_and_parameter_names_are_case_insensitive() {
    for ct in [
        "multipart/form-data; boundary=abc",
        "MULTIPART/FORM-DATA; BOUNDARY=abc",
        "Multipart/Form-Data;Boundary=abc",
        "  multipart/form-data ;\tboundary=abc ; charset=utf-8",
        "multipart/form-data; charset=\"a;boundary=x\"; boundary=abc",
        "multipart/form-data;; boundary=abc;",
    ] {
        let got = Boundary::from_content_type(ct.as_bytes());
        assert_eq!(
            got.map(|b| b.as_bytes().to_vec()),
            Ok(b"abc".to_vec()),
            "{ct}"
        );
        // Where multer (the mime crate) reads it, it reads the same.
        if let Ok(theirs) = multer::parse_boundary(ct) {
            assert_eq!(theirs, "abc", "{ct}");
        }
    }
}

#[test]
fn a_quoted_boundary_is_unquoted() {
    let ct = b"multipart/form-data; boundary=\"--a b:c?\"";
    assert_eq!(
        Boundary::from_content_type(ct).unwrap().as_bytes(),
        b"--a b:c?"
    );
    let escaped = b"multipart/form-data; boundary=\"a\\\"b\"";
    assert_eq!(
        Boundary::from_content_type(escaped).unwrap_err(),
        Error::new(ErrorKind::InvalidBoundary, 32)
    );
}

#[test]
fn boundary_length_is_1_to_70() {
    let at = "a".repeat(70);
    let ct = format!("multipart/form-data; boundary={at}");
    assert_eq!(
        Boundary::from_content_type(ct.as_bytes())
            .unwrap()
            .as_bytes(),
        at.as_bytes()
    );
    let past = format!("multipart/form-data; boundary={at}a");
    assert_eq!(
        Boundary::from_content_type(past.as_bytes()).unwrap_err(),
        Error::new(ErrorKind::InvalidBoundary, 30 + 70)
    );
    for empty in [
        "multipart/form-data; boundary=",
        "multipart/form-data; boundary=\"\"",
    ] {
        let err = Boundary::from_content_type(empty.as_bytes()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidBoundary, "{empty}");
    }
}

#[test]
fn a_second_boundary_parameter_is_an_error() {
    for ct in [
        "multipart/form-data; boundary=a; boundary=b",
        "multipart/form-data; boundary=a; BOUNDARY=a",
    ] {
        let err = Boundary::from_content_type(ct.as_bytes()).unwrap_err();
        assert_eq!(err, Error::new(ErrorKind::InvalidBoundary, 33), "{ct}");
    }
}

#[test]
fn generated_content_types_read_the_boundary_multer_reads() {
    const TYPES: &[&str] = &[
        "multipart/form-data",
        "Multipart/Form-Data",
        "text/plain",
        "",
    ];
    const PARAMS: &[&str] = &[
        "; boundary=abc",
        ";boundary=\"a b\"",
        "; BOUNDARY=--x",
        "; charset=utf-8",
        "; boundary=",
        "; x=\"a;boundary=y\"",
        ";",
        "; boundary=\u{e9}",
        "; boundary=\"a\\\"b\"",
        "; boundary=(x)",
    ];
    const NOISE: &[&str] = &[" ", "\t", ";", "=", "\"", "\\", "\r\n", "'", "a", "é"];
    let mut rng = Rng::new(0xb0_0d);
    let mut both = 0;
    for _ in 0..20_000 {
        let mut ct = rng.pick::<&str>(TYPES).to_string();
        for _ in 0..rng.below(4) {
            ct.push_str(rng.pick::<&str>(PARAMS));
        }
        if rng.below(2) == 0 {
            let at = rng.below(ct.len() + 1);
            if ct.is_char_boundary(at) {
                ct.insert_str(at, rng.pick::<&str>(NOISE));
            }
        }
        both += usize::from(check_content_type(ct.as_bytes()));
    }
    assert!(both > 500, "{both}");
}

#[test]
fn boundary_errors() {
    let err = |ct: &str| Boundary::from_content_type(ct.as_bytes()).unwrap_err();
    assert_eq!(
        err("multipart/mixed; boundary=a").kind(),
        ErrorKind::NotFormData
    );
    assert_eq!(err("form-data; boundary=a").kind(), ErrorKind::NotFormData);
    assert_eq!(err("").kind(), ErrorKind::NotFormData);
    for bad in [
        "multipart/form-data",
        "multipart/form-data; charset=utf-8",
        "multipart/form-data boundary=a",
        "multipart/form-data; boundary =a",
        "multipart/form-data; boundary=a b",
        "multipart/form-data; boundary=a!",
        "multipart/form-data; boundary=\"a \"",
        "multipart/form-data; boundary=\"a",
        "multipart/form-data; boundary=\"a\r\n\"",
    ] {
        assert_eq!(err(bad).kind(), ErrorKind::InvalidBoundary, "{bad:?}");
    }
    assert!(Boundary::new(b"a\r").is_err() && Boundary::new(b" a").is_ok());
}

// ---- Content-Disposition ----

#[test]
fn a_decoy_filename_inside_another_parameter_is_not_taken() {
    let body = b"--b\r\nContent-Disposition: form-data; name=\"doc\"; \
        x=\"; filename=\\\"evil.exe\\\"\"\r\n\r\nhi\r\n--b--";
    let part = scan(body, "b").unwrap()[0];
    assert!(part.filename().is_none());
    let decoy_name =
        b"--b\r\nContent-Disposition: form-data; note=\"name=evil\"; name=real\r\n\r\n\r\n--b--";
    assert_eq!(scan(decoy_name, "b").unwrap()[0].name().raw(), b"real");
    let decoy_only = b"--b\r\nContent-Disposition: form-data; x=\"; name=evil\"\r\n\r\n\r\n--b--";
    assert_eq!(kind(decoy_only, "b"), ErrorKind::MissingPartName);
}

#[test]
fn filename_star_is_ignored() {
    for cd in [
        "form-data; name=f; filename*=UTF-8''evil.txt; filename=\"good.txt\"",
        "form-data; name=f; filename=\"good.txt\"; FILENAME*=UTF-8''evil.txt",
    ] {
        let body = format!("--b\r\nContent-Disposition: {cd}\r\n\r\n\r\n--b--");
        let parts = scan(body.as_bytes(), "b").unwrap();
        assert_eq!(parts[0].filename().unwrap().raw(), b"good.txt", "{cd}");
    }
}

#[test]
fn parameter_names_are_case_insensitive_and_values_may_be_tokens() {
    let body =
        b"--b\r\ncontent-disposition: Form-Data ;NAME = a.b ;\tFileName=\"x.txt\"\r\n\r\n\r\n--b--";
    let p = scan(body, "b").unwrap()[0];
    assert_eq!((p.name().raw(), p.name().is_quoted()), (&b"a.b"[..], false));
    assert_eq!(p.filename().unwrap().raw(), b"x.txt");
}

#[test]
fn quoted_pairs_are_unescaped() {
    let body = br#"--b
Content-Disposition: form-data; name="a\"b\\c\d"; filename="\"\;"


--b--"#;
    let body = String::from_utf8_lossy(body).replace('\n', "\r\n");
    let p = scan(body.as_bytes(), "b").unwrap()[0];
    assert_eq!(p.name().raw(), br#"a\"b\\c\d"#);
    assert!(p.name().needs_decoding());
    assert_eq!(p.name().to_cow(), br#"a"b\cd"#.as_slice());
    assert_eq!(p.filename().unwrap().to_cow(), br#"";"#.as_slice());
}

#[test]
fn html_escapes_are_decoded_and_only_those() {
    let body = b"--b\r\nContent-Disposition: form-data; name=\"q%22%0D%0a%0d%0A%22\"; \
        filename=\"100%25 %41%2 \\%22.txt\"\r\n\r\n\r\n--b--";
    let p = scan(body, "b").unwrap()[0];
    assert_eq!(p.name().to_cow(), b"q\"\r\n\r\n\"".as_slice());
    let f = p.filename().unwrap();
    assert!(f.needs_decoding()); // for the quoted pair only
    assert_eq!(f.to_cow(), b"100%25 %41%2 %22.txt".as_slice());
    // An unquoted token is never decoded.
    let token = b"--b\r\nContent-Disposition: form-data; name=a%22b\r\n\r\n\r\n--b--";
    let p = scan(token, "b").unwrap()[0];
    assert!(!p.name().needs_decoding());
    assert_eq!(p.name().to_cow(), b"a%22b".as_slice());
}

#[test]
fn names_borrow_when_nothing_needs_decoding() {
    use binder_core::convert::Ref;
    let body = b"--b\r\nContent-Disposition: form-data; name=\"caf\xc3\xa9 %41\"; filename=\"%0A\"\r\n\r\n\r\n--b--";
    let p = scan(body, "b").unwrap()[0];
    let mut scratch = [0u8; 8];
    assert!(
        matches!(p.name().decoded(&mut scratch), Some(Ref::Borrowed(n)) if n == b"caf\xc3\xa9 %41")
    );
    let f = p.filename().unwrap();
    assert!(matches!(f.decoded(&mut scratch), Some(Ref::Copied(b"\n"))));
    assert_eq!(f.decoded(&mut []), None, "a scratch too short");
}

#[test]
fn a_missing_or_empty_name_is_an_error() {
    for cd in [
        "form-data",
        "form-data; filename=\"a.txt\"",
        "form-data; name=\"\"",
        "form-data; names=x",
    ] {
        let body = format!("--b\r\nContent-Disposition: {cd}\r\n\r\n\r\n--b--");
        assert_eq!(
            kind(body.as_bytes(), "b"),
            ErrorKind::MissingPartName,
            "{cd}"
        );
    }
}

#[test]
fn a_malformed_or_missing_disposition_is_an_error() {
    // Offsets are into the value, which starts at byte 26.
    for (cd, at) in [
        ("attachment; name=a", 0),
        ("form-data name=a", 10),
        ("form-data; name=a; name=b", 19),
        ("form-data; name=a; filename=x; filename=y", 31),
        ("form-data; name=\"a", 18),
        ("form-data; name=", 16),
        ("form-data; =a", 11),
        ("form-data; name=a;", 18),
        ("form-data; name=a b", 18),
    ] {
        let body = format!("--b\r\nContent-Disposition: {cd}\r\n\r\n\r\n--b--");
        let err = scan(body.as_bytes(), "b").unwrap_err();
        assert_eq!(
            err,
            Error::new(ErrorKind::InvalidContentDisposition, 26 + at),
            "{cd}"
        );
    }
    let none = b"--b\r\nContent-Type: text/plain\r\n\r\n\r\n--b--";
    assert_eq!(
        scan(none, "b").unwrap_err(),
        Error::new(ErrorKind::InvalidContentDisposition, 5)
    );
    let no_headers = b"--b\r\n\r\ndata\r\n--b--";
    assert_eq!(kind(no_headers, "b"), ErrorKind::InvalidContentDisposition);
}

#[test]
fn a_repeated_disposition_or_content_type_is_an_error() {
    for extra in [
        "content-disposition: form-data; name=b",
        "Content-Type: a/b\r\nCONTENT-TYPE: c/d",
    ] {
        let body =
            format!("--b\r\nContent-Disposition: form-data; name=a\r\n{extra}\r\n\r\n\r\n--b--");
        assert_eq!(
            kind(body.as_bytes(), "b"),
            ErrorKind::DuplicatePartHeader,
            "{extra}"
        );
    }
}

#[test]
fn an_empty_file_input_is_exposed_as_such() {
    let body = b"--b\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"\"\r\n\
        Content-Type: application/octet-stream\r\n\r\n\r\n\
        --b\r\nContent-Disposition: form-data; name=\"empty\"; filename=\"e.txt\"\r\n\r\n\r\n\
        --b\r\nContent-Disposition: form-data; name=\"odd\"; filename=\"\"\r\n\r\nx\r\n\
        --b\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n\r\n--b--";
    let parts = scan(body, "b").unwrap();
    let flags: Vec<_> = parts
        .iter()
        .map(|p| (p.is_file(), p.is_empty_file()))
        .collect();
    assert_eq!(
        flags,
        [(true, true), (true, false), (true, false), (false, false)]
    );
    read(body, "b");
}

// ---- delimiters, preamble, epilogue, padding ----

#[test]
fn preamble_and_epilogue_are_ignored() {
    let body = format!(
        "This is the preamble.\r\n--b is not a delimiter here\r\n{}--b--\r\nThis is the epilogue.\r\n--b\r\n",
        part("a", "1")
    );
    // The preamble's `--b is...` line starts with the boundary: refused.
    assert_eq!(kind(body.as_bytes(), "b"), ErrorKind::InvalidDelimiter);
    let body = format!(
        "preamble --b\r\n{}--b--\r\nepilogue\r\n--b\r\n",
        part("a", "1")
    );
    let got = scan(body.as_bytes(), "b").unwrap();
    assert_eq!((got.len(), got[0].data()), (1, &b"1"[..]));
}

#[test]
fn a_first_delimiter_mid_line_is_preamble() {
    // multer takes the first `--b` anywhere (divergence 1); we need a line start.
    let body = format!("x--b\r\n{}--b--", part("a", "1"));
    assert_eq!(scan(body.as_bytes(), "b").unwrap()[0].offset(), 11);
    // Here the whole part is preamble: the first line-start delimiter is the
    // close delimiter, so the form is empty (multer reads part `a`).
    let only_mid_line = format!("x{}--b--", part("a", "1"));
    assert!(scan(only_mid_line.as_bytes(), "b").unwrap().is_empty());
    assert!(
        binder_test_support::multipart_oracle::multer_starts_elsewhere(
            only_mid_line.as_bytes(),
            b"b"
        )
    );
    let no_line_start = format!("x{}", part("a", "1"));
    assert_eq!(
        kind(no_line_start.as_bytes(), "b"),
        ErrorKind::UnexpectedEnd
    );
}

#[test]
fn transport_padding_after_a_boundary_is_accepted() {
    let body = "--b \t \r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b\t\r\n\
        Content-Disposition: form-data; name=b\r\n\r\n2\r\n--b--  \r\n";
    let got = read(body.as_bytes(), "b");
    assert_eq!(
        got.iter().map(|g| &g.data[..]).collect::<Vec<_>>(),
        [b"1", b"2"]
    );
    let not_padding = "--b \tx\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--b--";
    assert_eq!(
        scan(not_padding.as_bytes(), "b").unwrap_err(),
        Error::new(ErrorKind::InvalidDelimiter, 5)
    );
}

#[test]
fn a_boundary_followed_by_more_text_is_an_error_not_data() {
    let body = format!("{}--bb\r\n\r\n--b--", part("a", "1"));
    assert_eq!(kind(body.as_bytes(), "b"), ErrorKind::InvalidDelimiter);
    check_multipart(body.as_bytes(), &b("b"));
}

#[test]
fn near_misses_of_the_delimiter_are_data() {
    let boundary = "----binderBoundary7MA4YWxkTrZu0gW";
    let data = "\r\n--\r\n----binderBoundary7MA4YWxkTrZu0g\r\n-----binderBoundary\n------binderBoundary7MA4YWxkTrZu0gW\
        x--binder\r------binderBoundary7MA4YWxkTrZu0gW";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=a\r\n\r\n{data}\r\n--{boundary}--"
    );
    let got = read(body.as_bytes(), boundary);
    assert_eq!(got[0].data, data.as_bytes());
}

#[test]
fn a_missing_close_delimiter_is_an_error() {
    let body = part("a", "1");
    assert_eq!(
        scan(body.as_bytes(), "b").unwrap_err(),
        Error::new(ErrorKind::UnexpectedEnd, body.len())
    );
    for nothing in [
        &b""[..],
        b"no delimiter at all",
        b"--",
        b"--b",
        b"--b-",
        b"--b\r",
    ] {
        assert!(scan(nothing, "b").is_err(), "{nothing:?}");
    }
}

#[test]
fn every_body_cut_short_is_an_error() {
    let body = format!(
        "{}{}--b\r\nContent-Disposition: form-data; name=f; filename=\"x\"\r\nContent-Type: a/b\r\n\r\n\
         \r\n--\r\n--\r\n--b--",
        part("title", "Q3"),
        part("tags", "")
    );
    let body = body.as_bytes();
    assert_eq!(scan(body, "b").unwrap().len(), 3);
    for end in 0..body.len() - 1 {
        let cut = &body[..end];
        let err = scan(cut, "b").unwrap_err();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::UnexpectedEnd | ErrorKind::InvalidDelimiter
            ),
            "{end}: {err:?}"
        );
        check_multipart(cut, &b("b"));
    }
}

// ---- line endings and header syntax ----

#[test]
fn lf_only_bodies_are_refused() {
    let body = b"--b\nContent-Disposition: form-data; name=a\n\n1\n--b--\n";
    assert_eq!(
        scan(body, "b").unwrap_err(),
        Error::new(ErrorKind::InvalidDelimiter, 3)
    );
    check_multipart(body, &b("b"));
    let bare_lf_header = b"--b\r\nContent-Disposition: form-data; name=a\nX: y\r\n\r\n1\r\n--b--";
    assert_eq!(
        scan(bare_lf_header, "b").unwrap_err(),
        Error::new(ErrorKind::PartHeaderSyntax, 43)
    );
    check_multipart(bare_lf_header, &b("b"));
    let lf_in_data = format!("{}--b--", part("a", "1\n--b\n2\r"));
    assert_eq!(read(lf_in_data.as_bytes(), "b")[0].data, b"1\n--b\n2\r");
}

#[test]
fn malformed_header_lines_are_errors() {
    for (line, at) in [
        ("X-A : 1", 8),
        (" folded", 5),
        ("X-A: 1\r\n continued", 13),
        ("X-A: a\x01b", 11),
        ("X-A: a\x7f", 11),
        ("X-A: a\rb", 12),
        ("X@A: 1", 6),
        (": 1", 5),
        ("no colon", 7),
    ] {
        let body =
            format!("--b\r\n{line}\r\nContent-Disposition: form-data; name=a\r\n\r\n\r\n--b--");
        assert_eq!(
            scan(body.as_bytes(), "b").unwrap_err(),
            Error::new(ErrorKind::PartHeaderSyntax, at),
            "{line:?}"
        );
        check_multipart(body.as_bytes(), &b("b"));
    }
}

#[test]
fn header_values_are_trimmed_and_may_hold_utf8() {
    let body = "--b\r\nContent-Disposition:form-data; name=\"é\"\t \r\nContent-Type: \t text/plain; charset=utf-8 \r\n\
        X-Empty:\r\nX-Utf8: ünï\r\n\r\n\r\n--b--";
    let p = scan(body.as_bytes(), "b").unwrap()[0];
    assert_eq!(p.content_type(), Some(&b"text/plain; charset=utf-8"[..]));
    assert!(p.headers().ends_with("X-Utf8: ünï\r\n".as_bytes()));
    read(body.as_bytes(), "b");
}

// ---- limits ----

fn body_with_parts(n: usize) -> Vec<u8> {
    let mut body = String::new();
    for i in 0..n {
        body.push_str(&part(&format!("k{i}"), "v"));
    }
    body.push_str("--b--");
    body.into_bytes()
}

#[test]
fn part_limit_at_and_past() {
    let limits = Limits::DEFAULT;
    assert_eq!(limits.max_parts, 1_000);
    let at = body_with_parts(1_000);
    assert_eq!(
        multipart::parts_with(&at, &b("b"), &limits)
            .filter(Result::is_ok)
            .count(),
        1_000
    );
    assert!(multipart::parts_with(&at, &b("b"), &limits).all(|p| p.is_ok()));
    let past = body_with_parts(1_001);
    let items: Vec<_> = multipart::parts_with(&past, &b("b"), &limits).collect();
    assert_eq!(items.len(), 1_001);
    let last_part = past.len() - 5 - part("k1000", "v").len() + 5;
    assert_eq!(
        items[1_000],
        Err(Error::new(ErrorKind::TooManyParts, last_part))
    );
}

/// A part whose header lines total exactly `n` bytes (CRLFs included).
fn body_with_header_bytes(n: usize) -> Vec<u8> {
    let cd = "Content-Disposition: form-data; name=a\r\n";
    let pad = n - cd.len() - "X: \r\n".len();
    format!("--b\r\n{cd}X: {}\r\n\r\n1\r\n--b--", "p".repeat(pad)).into_bytes()
}

#[test]
fn part_header_bytes_limit_at_and_past() {
    let limits = Limits::DEFAULT;
    assert_eq!(limits.max_part_header_bytes, 8 * 1024);
    let at = body_with_header_bytes(8 * 1024);
    let parts: Vec<_> = multipart::parts_with(&at, &b("b"), &limits).collect();
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].unwrap().headers().len(), 8 * 1024);
    let past = body_with_header_bytes(8 * 1024 + 1);
    let items: Vec<_> = multipart::parts_with(&past, &b("b"), &limits).collect();
    assert_eq!(items, [Err(Error::new(ErrorKind::PartHeadersTooLong, 5))]);
    // An endless header line is refused at the limit, not read to the end.
    let mut endless = b"--b\r\nX: ".to_vec();
    endless.resize(1 << 20, b'a');
    assert_eq!(kind(&endless, "b"), ErrorKind::PartHeadersTooLong);
}

fn body_with_headers(n: usize) -> Vec<u8> {
    let mut body = String::from("--b\r\nContent-Disposition: form-data; name=a\r\n");
    for i in 1..n {
        body.push_str(&format!("X-{i}: v\r\n"));
    }
    body.push_str("\r\n1\r\n--b--");
    body.into_bytes()
}

#[test]
fn part_header_count_limit_at_and_past() {
    let limits = Limits::DEFAULT;
    assert_eq!(limits.max_part_headers, 16);
    let at = body_with_headers(16);
    assert!(multipart::parts_with(&at, &b("b"), &limits).all(|p| p.is_ok()));
    let past = body_with_headers(17);
    let items: Vec<_> = multipart::parts_with(&past, &b("b"), &limits).collect();
    let at_17th = past.len() - "\r\n1\r\n--b--".len() - "X-16: v\r\n".len();
    assert_eq!(
        items,
        [Err(Error::new(ErrorKind::TooManyPartHeaders, at_17th))]
    );
    // multer allows 32: the differential test runs at exactly its limit.
    assert_eq!(multer_limits().max_part_headers, 32);
    check_multipart(&body_with_headers(32), &b("b"));
    check_multipart(&body_with_headers(33), &b("b"));
}

#[test]
fn errors_name_no_input() {
    let body =
        b"--b\r\nContent-Disposition: form-data; name=\"secret-password\"; name=x\r\n\r\n\r\n--b--";
    let err = scan(body, "b").unwrap_err();
    assert_eq!(
        err.to_string(),
        "a missing or malformed Content-Disposition header in a part at byte 61"
    );
}

// ---- generated bodies, against the ground truth and multer ----

#[test]
fn twenty_thousand_generated_bodies_round_trip_and_match_multer() {
    let mut rng = Rng::new(0x6d75_6c74_6970);
    let (mut built, mut parts, mut names) = (0, 0, 0);
    let (mut accept, mut reject, mut divergent, mut skipped) = (0, 0, 0, 0);
    for i in 0..20_000 {
        let spec = random_spec(&mut rng);
        if let Some((mut body, clean)) = check_roundtrip(&spec) {
            built += 1;
            parts += clean.parts;
            names += clean.names;
            mangle(&mut body, &spec.boundary, i, 1 + rng.below(3));
            let o = check_multipart(&body, &Boundary::new(&spec.boundary).unwrap());
            parts += o.parts;
            names += o.names;
            accept += usize::from(o.both_accept);
            reject += usize::from(o.both_reject);
            divergent += usize::from(o.divergent);
            skipped += usize::from(o.skipped);
        }
    }
    // Every case of the comparison is reached, often.
    let tally = (built, parts, names, accept, reject, divergent, skipped);
    assert!(built > 19_000, "{tally:?}");
    assert!(parts > 40_000 && names > 5_000, "{tally:?}");
    assert!(
        accept > 4_000 && reject > 4_000 && divergent > 1_000,
        "{tally:?}"
    );
    assert!(skipped < 1_000, "{tally:?}");
    println!("{tally:?}");
}

#[test]
fn the_generator_builds_what_it_says() {
    // The round trip is only as good as the builder: pin one body.
    let spec = Spec {
        boundary: b"XyZ".to_vec(),
        preamble: b"pre".to_vec(),
        epilogue: Vec::new(),
        parts: vec![SpecPart {
            name: b"a\"b".to_vec(),
            filename: Some(Vec::new()),
            content_type: None,
            data: b"1".to_vec(),
        }],
        seed: 7,
    };
    let (_, body, want) = build(&spec).unwrap();
    assert!(body.starts_with(b"pre\r\n--XyZ"));
    assert!(body.windows(7).any(|w| w == b"\r\n--XyZ"));
    assert_eq!(want[0].name, b"a\"b");
    assert_eq!(want[0].filename.as_deref(), Some(&b""[..]));
    assert!(check_roundtrip(&spec).unwrap().1.both_accept);
}

/// Found by the `multipart` fuzz target in CI: a parameter name in mixed
/// case (`filEname`) is read case-insensitively here (RFC 7578 §4.2 and
/// RFC 6266 take parameter names case-insensitively), where multer matches
/// `filename` by its exact case; the oracle leaves such dispositions out
/// of the name comparison, and both must still agree on everything else.
#[test]
fn a_mixed_case_filename_parameter_is_a_filename() {
    let body = b"--+2\r\nContent-Disposition: form-data ;name =\"f\" ; filEname = \"\" \r\n\r\n\r\n--+2--\r\n\0";
    let got = read(body, "+2");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].name, b"f");
    assert_eq!(got[0].filename.as_deref(), Some(&b""[..]));
    let lower = b"--+2\r\nContent-Disposition: form-data ;name =\"f\" ; filename = \"\" \r\n\r\n\r\n--+2--\r\n\0";
    let got = read(lower, "+2");
    assert_eq!(got[0].filename.as_deref(), Some(&b""[..]));
}

/// Past 64 KiB of one part's data the scanner searches for the whole
/// `\r\n--boundary` instead of `\r\n--` (a faster scan of large files):
/// parts of every size around the switch, with near misses of the
/// delimiter just before, across and after it, end where multer ends them.
#[test]
fn large_parts_end_where_multer_ends_them_across_the_searcher_switch() {
    const SWITCH: usize = 64 * 1024;
    for size in [
        SWITCH - 5,
        SWITCH - 4,
        SWITCH - 1,
        SWITCH,
        SWITCH + 1,
        SWITCH + 3,
        SWITCH + 4,
        3 * SWITCH + 7,
    ] {
        for miss in [SWITCH - 6, SWITCH - 3, SWITCH - 1, SWITCH, SWITCH + 2] {
            let mut data = vec![b'x'; size];
            // `\r\n--bn`: a delimiter's first bytes, not the boundary `bnd`.
            let near = b"\r\n--bn";
            if miss + near.len() <= size {
                data[miss..miss + near.len()].copy_from_slice(near);
            }
            let mut body =
                b"--bnd\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\"\r\n\r\n"
                    .to_vec();
            body.extend_from_slice(&data);
            body.extend_from_slice(b"\r\n--bnd\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\nend\r\n--bnd--\r\n");
            let got = read(&body, "bnd");
            assert_eq!(got.len(), 2, "size {size}, miss at {miss}");
            assert_eq!(got[0].data, data, "size {size}, miss at {miss}");
            assert_eq!(
                (&got[1].name[..], &got[1].data[..]),
                (&b"t"[..], &b"end"[..])
            );
        }
    }
}
