//! A spooled bind's file parts go only to the spooled file types: a field
//! of any other type that takes a file's bytes (`UploadedFile`,
//! `FilePart`, `bytes::Bytes`, a `Value` of one's own reading
//! `Part::data`) fails with an error naming it, rather than take the
//! placeholder for the file; the same body binds in memory.
#![cfg(feature = "spool")]

use binder_hyper::field::Value;
use binder_hyper::{
    Bind, FilePart, HttpRequest, Limits, SpoolError, SpoolOptions, SpooledFile, UploadedFile,
};
use bytes::Bytes;
use http_body_util::Full;

const BODY: &str = "--B\r\nContent-Disposition: form-data; name=title\r\n\r\nQ3\r\n\
                    --B\r\nContent-Disposition: form-data; name=doc; filename=a.txt\r\n\r\nhello\r\n--B--\r\n";

fn request() -> http::Request<Full<Bytes>> {
    http::Request::post("/")
        .header("content-type", "multipart/form-data; boundary=B")
        .body(Full::new(Bytes::from_static(BODY.as_bytes())))
        .unwrap()
}

fn run<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(f)
}

/// The failing fields of a spooled bind of `T`, as `(field, detail)`.
fn spooled_errors<T: binder_hyper::OwnedBind>() -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let mut o = SpoolOptions::default();
    o.temp_dir = Some(dir.path().to_owned());
    let r = run(binder_hyper::bind_spooled::<T, _>(request(), &[], &o));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file left"
    );
    let Err(SpoolError::Request(e)) = r else {
        panic!("bound, or not a request error")
    };
    errors(&e)
}

fn errors(e: &binder_hyper::Error) -> Vec<(String, String)> {
    let fields = e.fields().expect("field errors");
    fields
        .as_slice()
        .iter()
        .map(|f| (f.path().to_string(), format!("{:?}", f.kind())))
        .collect()
}

/// A file's bytes as text, read by a `Value` of one's own from `Part::data`.
#[derive(Debug)]
struct Content(String);

impl<'r> Value<'r> for Content {
    fn from_raw(raw: binder_hyper::convert::Raw<'r>) -> Result<Self, binder_core::ValueError> {
        Ok(Content(raw.into_cow()?.into_owned()))
    }

    fn from_part(
        part: &binder_core::multipart::Part<'r>,
    ) -> Result<Option<Self>, binder_core::ValueError> {
        Ok(Some(Content(
            String::from_utf8_lossy(part.data()).into_owned(),
        )))
    }

    type Partial = ();

    fn partial() {}

    fn offer_member(
        _: &mut (),
        _: binder_hyper::convert::Ref<'r, '_, [u8]>,
        _: binder_hyper::convert::Raw<'r>,
        _: &mut binder_hyper::field::FieldCx<'_, 'r>,
    ) -> bool {
        false
    }

    fn finish_partial(_: (), _: &mut binder_hyper::field::FieldCx<'_, 'r>) -> Option<Self> {
        None
    }
}

macro_rules! held_case {
    ($name:ident, $ty:ty, $read:expr) => {
        #[test]
        fn $name() {
            #[derive(Bind)]
            struct Upload {
                #[bind(body)]
                title: String,
                #[bind(body)]
                doc: $ty,
            }
            // In memory: the file's bytes.
            let (parts, _) = request().into_parts();
            let mem = Upload::bind_with(
                &HttpRequest::with_bytes(&parts, &Bytes::from_static(BODY.as_bytes()), &[][..]),
                &Limits::DEFAULT,
            )
            .unwrap_or_else(|e| panic!("in memory: {e}"));
            let read: fn(&$ty) -> Vec<u8> = $read;
            assert_eq!(
                (mem.title.as_str(), read(&mem.doc)),
                ("Q3", b"hello".to_vec())
            );
            // Spooled: refused, naming the field, and nothing else fails.
            let errs = spooled_errors::<Upload>();
            assert_eq!(errs.len(), 1, "{errs:?}");
            assert_eq!(errs[0].0, "doc");
            assert!(errs[0].1.contains("SpooledFile"), "{errs:?}");
        }
    };
}

held_case!(an_uploaded_file_field_is_refused, UploadedFile, |f| f
    .data()
    .to_vec());
held_case!(
    an_optional_uploaded_file_field_is_refused,
    Option<UploadedFile>,
    |f| f.as_ref().unwrap().data().to_vec()
);
held_case!(a_bytes_field_is_refused, Bytes, |b| b.to_vec());
held_case!(a_list_of_bytes_is_refused, Vec<Bytes>, |b| b.concat());
held_case!(
    a_value_of_ones_own_reading_the_data_is_refused,
    Content,
    |c| c.0.clone().into_bytes()
);

#[test]
fn a_borrowed_file_part_is_refused_and_spooled_files_still_bind() {
    #[derive(Bind)]
    struct Borrowed<'r> {
        #[bind(body)]
        doc: FilePart<'r>,
    }
    let (parts, body) = request().into_parts();
    let spooled = run(binder_hyper::spool_body(
        &parts,
        body,
        &SpoolOptions::default(),
    ))
    .unwrap();
    let r = spooled.bind(|bytes| {
        Borrowed::bind_with(
            &HttpRequest::with_bytes(&parts, bytes, &[][..]),
            &Limits::DEFAULT,
        )
        .map(|b| b.doc.data().to_vec())
    });
    let e = binder_hyper::Error::from(r.unwrap_err());
    let errs = errors(&e);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].0, "doc");
    // The types that claim held files bind as before.
    #[derive(Bind)]
    struct Spooled {
        #[bind(body)]
        doc: Vec<SpooledFile>,
    }
    let up: Spooled = run(binder_hyper::bind_spooled(
        request(),
        &[],
        &SpoolOptions::default(),
    ))
    .unwrap();
    assert_eq!(std::fs::read(up.doc[0].path()).unwrap(), b"hello");
}
