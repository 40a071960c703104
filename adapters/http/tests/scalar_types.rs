//! Common types a request carries, read by their own crates' parsers from
//! the decoded text: IP and socket addresses (always), `uuid::Uuid`
//! (feature `uuid`), `time::OffsetDateTime` and `time::Date` (feature
//! `time`), from every source and JSON strings; refused with what was
//! expected, never the value; a blank one into an `Option` is `None`.

use binder_http::request::{Body, Parts};
use binder_http::Bind;
use std::net::{IpAddr, SocketAddr};
use time::macros::{date, datetime};

#[derive(Bind, Debug)]
struct Event {
    #[bind(path)]
    id: uuid::Uuid,
    #[bind(query)]
    since: Option<time::Date>,
    #[bind(query)]
    allow: Vec<IpAddr>,
    #[bind(header = "X-Forwarded-For")]
    client: Option<IpAddr>,
    #[bind(body)]
    at: time::OffsetDateTime,
    #[bind(body)]
    upstream: Option<SocketAddr>,
    #[bind(body)]
    owner: Option<uuid::Uuid>,
}

const ID: &str = "67e55044-10b1-426f-9247-bb680e5fe0c8";

fn bind(id: &'static str, query: &'static str, body: &'static [u8]) -> Result<Event, String> {
    let path: &'static [(&str, &str)] = Box::leak(Box::new([("id", id)]));
    Event::bind(&Parts {
        path,
        query: Some(query),
        headers: &[("x-forwarded-for", b"203.0.113.7")],
        body: Body::classify(Some(b"application/json"), body),
    })
    .map_err(|e| e.to_string())
}

#[test]
fn each_type_binds_from_text_and_json_strings() {
    let e = bind(
        ID,
        "since=2024-05-01&allow=10.0.0.1&allow=%3A%3A1",
        br#"{"at":"2024-05-01T14:30:00+02:00","upstream":"[::1]:8080","owner":"67E55044-10B1-426F-9247-BB680E5FE0C8"}"#,
    )
    .unwrap();
    assert_eq!(e.id.to_string(), ID);
    assert_eq!(e.since, Some(date!(2024 - 05 - 01)));
    assert_eq!(
        e.allow,
        [
            "10.0.0.1".parse::<IpAddr>().unwrap(),
            "::1".parse().unwrap()
        ]
    );
    assert_eq!(e.client, Some("203.0.113.7".parse().unwrap()));
    assert_eq!(e.at, datetime!(2024-05-01 12:30 UTC));
    assert_eq!(e.upstream, Some("[::1]:8080".parse().unwrap()));
    assert_eq!(e.owner.map(|u| u.to_string()).as_deref(), Some(ID));
    // Every spelling `uuid` reads; a blank optional value is `None`.
    let simple = "67e5504410b1426f9247bb680e5fe0c8";
    let e = bind(
        simple,
        "since=",
        br#"{"at":"2024-05-01T12:30:00Z","owner":null}"#,
    )
    .unwrap();
    assert_eq!(
        (e.id.to_string().as_str(), e.since, e.owner),
        (ID, None, None)
    );
}

#[test]
fn a_refusal_says_what_was_expected_and_not_what_was_sent() {
    let err = bind(
        "not-a-uuid",
        "since=2024-13-01&allow=10.0.0.999&since=20240501",
        br#"{"at":"2024-05-01 12:30:00","upstream":"localhost:80","owner":"zz"}"#,
    )
    .unwrap_err();
    assert_eq!(
        err,
        "path: id: expected a UUID\n\
         query: since: expected a date, YYYY-MM-DD\n\
         query: allow[0]: expected an IP address\n\
         body: at: expected an RFC 3339 date and time\n\
         body: upstream: expected an IP address and port\n\
         body: owner: expected a UUID"
    );
    // The compact date form is refused too (a date input never sends it).
    let err = bind(ID, "since=20240501", br#"{"at":"2024-05-01T12:30:00Z"}"#).unwrap_err();
    assert_eq!(err, "query: since: expected a date, YYYY-MM-DD");
}

/// `chrono` (feature `chrono`) and `rust_decimal` (feature
/// `rust_decimal`): dates and times as `time`'s are read; a decimal
/// exactly, from text and from a JSON number's digits as sent.
#[test]
fn chrono_and_decimal_bind_exactly() {
    use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
    use rust_decimal::Decimal;
    #[derive(Bind, Debug)]
    struct Payment {
        #[bind(query)]
        day: NaiveDate,
        #[bind(body)]
        at: DateTime<FixedOffset>,
        #[bind(body)]
        at_utc: DateTime<Utc>,
        #[bind(body)]
        amount: Decimal,
        #[bind(body)]
        fee: Decimal,
        #[bind(body)]
        scaled: Vec<Decimal>,
    }
    let bind = |q: &'static str, body: &'static [u8]| {
        Payment::bind(&Parts {
            query: Some(q),
            body: Body::classify(Some(b"application/json"), body),
            ..Parts::default()
        })
        .map_err(|e| e.to_string())
    };
    let p = bind(
        "day=2024-05-01",
        br#"{"at":"2024-05-01T14:30:00+02:00","at_utc":"2024-05-01T14:30:00+02:00","amount":"19.99","fee":0.10,"scaled":[1.5e3,"0.000000000000000000000000001"]}"#,
    )
    .unwrap();
    let exact = |s| Decimal::from_str_exact(s).unwrap();
    assert_eq!(p.day, NaiveDate::from_ymd_opt(2024, 5, 1).unwrap());
    assert_eq!(p.at.offset().local_minus_utc(), 7200);
    assert_eq!(p.at_utc, p.at);
    assert_eq!(p.at_utc.timestamp(), 1_714_566_600);
    assert_eq!((p.amount, p.fee), (exact("19.99"), exact("0.10")));
    assert_eq!(p.fee.to_string(), "0.10"); // the digits as sent, scale kept
    assert_eq!(
        p.scaled,
        [exact("1500"), exact("0.000000000000000000000000001")]
    );
    let err = bind(
        "day=2024-5-1",
        br#"{"at":"yesterday","at_utc":"2024-05-01","amount":"1.2.3","fee":1e400,"scaled":["0.1234567890123456789012345678901"]}"#,
    )
    .unwrap_err();
    assert_eq!(
        err,
        "query: day: expected a date, YYYY-MM-DD\n\
         body: at: expected an RFC 3339 date and time\n\
         body: at_utc: expected an RFC 3339 date and time\n\
         body: amount: expected a decimal number\n\
         body: fee: expected a decimal number\n\
         body: scaled[0]: expected a decimal number"
    );
}
