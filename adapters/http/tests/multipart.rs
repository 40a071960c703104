//! Multipart bodies through the derive: text fields, repeated fields, files
//! borrowed from the body, and every way a part can be the wrong kind.

use binder_http::request::{Body, Parts};
use binder_http::{Bind, BindError, FilePart};

const BODY: &[u8] = include_bytes!("../../../benches/workloads/multipart4k.bin");
const CONTENT_TYPE: &[u8] = include_bytes!("../../../benches/workloads/multipart4k.content-type");

fn req(body: &[u8], ct: &[u8]) -> Parts<'static, 'static> {
    let body: &'static [u8] = Box::leak(body.to_vec().into_boxed_slice());
    let ct: &'static [u8] = Box::leak(ct.to_vec().into_boxed_slice());
    Parts {
        body: Body::classify(Some(ct.trim_ascii_end()), body),
        ..Parts::default()
    }
}

#[derive(Bind, Debug)]
struct Upload<'r> {
    #[bind(body)]
    title: &'r str,
    #[bind(body)]
    tags: Vec<String>,
    #[bind(body)]
    avatar: FilePart<'r>,
}

#[test]
fn binds_the_workload_with_the_file_borrowed_from_the_body() {
    let body = BODY;
    let parts = Parts {
        body: Body::classify(Some(CONTENT_TYPE.trim_ascii_end()), body),
        ..Parts::default()
    };
    let up = Upload::bind(&parts).unwrap();
    assert_eq!(up.title, "Quarterly report");
    assert_eq!(up.tags, ["finance", "q3"]);
    assert_eq!(up.avatar.raw_filename(), b"chart.png");
    assert_eq!(up.avatar.content_type(), Some(&b"image/png"[..]));
    assert_eq!(up.avatar.data().len(), 4096);
    let range = body.as_ptr_range();
    assert!(
        range.contains(&up.avatar.data().as_ptr()),
        "the file is a slice of the body"
    );
}

fn body_of(parts: &[(&str, Option<&str>, &str)]) -> Vec<u8> {
    let mut b = Vec::new();
    for (name, filename, data) in parts {
        b.extend_from_slice(b"--XX\r\nContent-Disposition: form-data; name=\"");
        b.extend_from_slice(name.as_bytes());
        b.push(b'"');
        if let Some(f) = filename {
            b.extend_from_slice(format!("; filename=\"{f}\"").as_bytes());
        }
        b.extend_from_slice(b"\r\n\r\n");
        b.extend_from_slice(data.as_bytes());
        b.extend_from_slice(b"\r\n");
    }
    b.extend_from_slice(b"--XX--\r\n");
    b
}

const CT: &[u8] = b"multipart/form-data; boundary=XX";

#[derive(Bind, Debug)]
struct Files<'r> {
    #[bind(body)]
    doc: FilePart<'r>,
    #[bind(body)]
    extra: Option<FilePart<'r>>,
    #[bind(body)]
    note: Option<String>,
}

#[test]
fn the_first_of_two_files_binds_a_single_file_field() {
    let b = body_of(&[("doc", Some("a.txt"), "A"), ("doc", Some("b.txt"), "B")]);
    let f = Files::bind(&req(&b, CT)).unwrap();
    assert_eq!(
        (f.doc.raw_filename(), f.doc.data()),
        (&b"a.txt"[..], &b"A"[..])
    );
    assert!(f.extra.is_none() && f.note.is_none());
}

#[test]
fn an_empty_file_input_is_no_file() {
    let b = body_of(&[("doc", Some("a"), "A"), ("extra", Some(""), "")]);
    assert!(Files::bind(&req(&b, CT)).unwrap().extra.is_none());
    let b = body_of(&[("doc", Some(""), "")]);
    let err = Files::bind(&req(&b, CT)).unwrap_err();
    assert_eq!(err.to_string(), "body: doc: a value is required");
}

/// One rule for every file-typed field: an empty file input (`filename=""`
/// and no data) is no value; a named empty file is a real file.
#[test]
fn an_empty_file_input_is_no_value_for_every_field_type() {
    #[derive(Bind, Debug)]
    struct Every<'r> {
        #[bind(body)]
        file: Option<FilePart<'r>>,
        #[bind(body)]
        files: Vec<FilePart<'r>>,
        #[bind(body)]
        bytes: Option<bytes::Bytes>,
        #[bind(body)]
        all_bytes: Vec<bytes::Bytes>,
        #[bind(body)]
        text: Option<String>,
        #[bind(body, default)]
        defaulted: bytes::Bytes,
    }
    let empties: Vec<(&str, Option<&str>, &str)> =
        ["file", "files", "bytes", "all_bytes", "text", "defaulted"]
            .iter()
            .map(|n| (*n, Some(""), ""))
            .collect();
    let e = Every::bind(&req(&body_of(&empties), CT)).unwrap();
    assert!(e.file.is_none() && e.files.is_empty());
    assert!(e.bytes.is_none() && e.all_bytes.is_empty());
    assert!(e.text.is_none() && e.defaulted.is_empty());

    // A file with a name and no bytes is a file, whatever the type.
    let named: Vec<(&str, Option<&str>, &str)> = ["file", "files", "bytes", "all_bytes"]
        .iter()
        .map(|n| (*n, Some("empty.txt"), ""))
        .collect();
    let e = Every::bind(&req(&body_of(&named), CT)).unwrap();
    assert_eq!(e.file.map(|f| f.data().len()), Some(0));
    assert_eq!((e.files.len(), e.all_bytes.len()), (1, 1));
    assert_eq!(e.bytes.map(|b| b.len()), Some(0));

    // Required: an empty file input is `empty`, not a file.
    #[derive(Bind, Debug)]
    #[allow(dead_code)]
    struct Needed<'r> {
        #[bind(body, required)]
        file: Option<FilePart<'r>>,
    }
    let err = Needed::bind(&req(&body_of(&[("file", Some(""), "")]), CT)).unwrap_err();
    assert_eq!(err.to_string(), "body: file: a non-empty value is required");
}

/// Two file inputs under one name, the first left empty: the file chosen
/// in the second binds (the empty one does not take its place).
#[test]
fn an_empty_file_input_does_not_hide_a_file_sent_after_it() {
    let b = body_of(&[
        ("doc", Some(""), ""),
        ("doc", Some("b.txt"), "B"),
        ("note", Some(""), ""),
        ("note", None, "text"),
    ]);
    let f = Files::bind(&req(&b, CT)).unwrap();
    assert_eq!(
        (f.doc.raw_filename(), f.doc.data()),
        (&b"b.txt"[..], &b"B"[..])
    );
    assert_eq!(f.note.as_deref(), Some("text"));
}

#[test]
fn a_file_for_text_and_text_for_a_file_are_field_errors() {
    let b = body_of(&[("doc", None, "just text"), ("note", Some("n.txt"), "N")]);
    let err = Files::bind(&req(&b, CT)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "body: doc: expected an uploaded file\nbody: note: a file was sent where text was expected"
    );
}

#[test]
fn a_malformed_body_or_boundary_is_a_request_error() {
    let mut b = body_of(&[("doc", Some("a"), "A")]);
    b.truncate(b.len() - 8); // no close delimiter
    assert!(matches!(
        Files::bind(&req(&b, CT)),
        Err(BindError::Malformed { .. })
    ));
    let b = body_of(&[("doc", Some("a"), "A")]);
    let err = Files::bind(&req(&b, b"multipart/form-data")).unwrap_err();
    assert!(matches!(err, BindError::Malformed { .. }), "{err:?}");
}

#[test]
fn html_escaped_names_match() {
    #[derive(Bind)]
    struct Q {
        #[bind(body = "a\"b")]
        quoted: String,
    }
    let b = body_of(&[("a%22b", None, "v")]);
    assert_eq!(Q::bind(&req(&b, CT)).unwrap().quoted, "v");
}

#[test]
fn bytes_fields_and_files_sliced_out_of_the_body_without_a_copy() {
    #[derive(Bind, Debug)]
    struct B<'r> {
        #[bind(body)]
        title: bytes::Bytes,
        #[bind(body)]
        avatar: FilePart<'r>,
    }
    let body = bytes::Bytes::from_static(BODY);
    let parts = Parts {
        body: Body::classify(Some(CONTENT_TYPE.trim_ascii_end()), &body),
        ..Parts::default()
    };
    let b = B::bind(&parts).unwrap();
    assert_eq!(&b.title[..], b"Quarterly report");
    let file = b.avatar.slice_of(&body);
    assert_eq!(file.len(), 4096);
    assert_eq!(
        file.as_ptr(),
        b.avatar.data().as_ptr(),
        "shares the body's buffer"
    );
}

/// `UploadedFile` in an owned struct, over a body held as plain bytes: the
/// file is a copy (no `Bytes` to share), named and typed as sent.
#[test]
fn uploaded_files_bind_into_owned_structs_from_plain_bytes_by_copying() {
    use binder_http::UploadedFile;
    #[derive(Bind, Debug)]
    struct Owned {
        #[bind(body)]
        title: String,
        #[bind(body)]
        avatar: UploadedFile,
        #[bind(body)]
        missing: Option<UploadedFile>,
    }
    let parts = Parts {
        body: Body::classify(Some(CONTENT_TYPE.trim_ascii_end()), BODY),
        ..Parts::default()
    };
    let up = Owned::bind(&parts).unwrap();
    assert_eq!(up.title, "Quarterly report");
    assert_eq!(
        (
            up.avatar.filename(),
            up.avatar.content_type(),
            up.avatar.len()
        ),
        ("chart.png", Some("image/png"), 4096)
    );
    assert!(up.missing.is_none());
    let file = FilePart::from_part(&first_file(BODY)).unwrap();
    assert_eq!(&up.avatar.data()[..], file.data());
    assert!(
        !BODY.as_ptr_range().contains(&up.avatar.data().as_ptr()),
        "a copy: a plain slice has no Bytes to share"
    );
}

fn first_file(body: &[u8]) -> binder_http::field::Part<'_> {
    let ct = CONTENT_TYPE.trim_ascii_end();
    // The multipart scanner is binder-core's (not re-exported by binder-http).
    let boundary = binder_core::multipart::Boundary::from_content_type(ct).unwrap();
    binder_core::multipart::parts(body, &boundary)
        .map(Result::unwrap)
        .find(|p| p.is_file())
        .unwrap()
}

/// Names decoded as `FilePart::filename` decodes them; lists; empty file
/// inputs are no file; a name that is not UTF-8 fails the field.
#[test]
fn uploaded_file_names_lists_empty_inputs_and_non_utf8_names() {
    use binder_http::UploadedFile;
    #[derive(Bind, Debug)]
    struct Files {
        #[bind(body)]
        docs: Vec<UploadedFile>,
        #[bind(body)]
        blank: Option<UploadedFile>,
    }
    let body = body_of(&[
        ("docs", Some("%22a%22.txt"), "one"),
        ("docs", Some("b.txt"), ""),
        ("blank", Some(""), ""),
    ]);
    let r = req(&body, b"multipart/form-data; boundary=XX");
    let f = Files::bind(&r).unwrap();
    let names: Vec<_> = f
        .docs
        .iter()
        .map(|d| (d.filename(), d.len(), d.content_type()))
        .collect();
    assert_eq!(names, [("\"a\".txt", 3, None), ("b.txt", 0, None)]);
    assert!(f.blank.is_none());

    let mut body = body_of(&[("docs", Some("X.txt"), "one")]);
    let at = body.windows(5).position(|w| w == b"X.txt").unwrap();
    body[at] = 0xff;
    let r = req(&body, b"multipart/form-data; boundary=XX");
    let Err(BindError::Fields(errors)) = Files::bind(&r) else {
        panic!("a non-UTF-8 filename binds")
    };
    let e = &errors.as_slice()[0];
    assert_eq!(
        (e.path().to_string(), e.kind().code()),
        ("docs[0]".to_string(), "invalid")
    );
    assert_eq!(
        e.kind().detail(),
        "the filename or Content-Type is not UTF-8"
    );
}
