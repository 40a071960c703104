//! Float conversion against `str::parse` (correctly rounded, the
//! reference): JSON numbers and text, into `f32` and `f64`, bit for bit,
//! on edges and on 1,000,000 generated decimals (digits 1 to 25,
//! exponents near every edge, halfway points and their neighbours).
//! The `float_diff` fuzz target runs the same check.

use binder_test_support::generate::{decimal, Rng};
use binder_test_support::json_oracle::check_number_text;

#[test]
fn edges_round_as_std() {
    for text in [
        "0",
        "-0.0",
        "1e-400",
        "-65.613616999999977",
        "43.420273000000009",
        "9007199254740993",
        "9007199254740995",
        "16777217",
        "16777219",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "2.2250738585072012e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "3.4028235e38",
        "3.4028236e38",
        "3.40282357e38",
        "1.17549435e-38",
        "1.4e-45",
        "7.0e-46",
        "7.1e-46",
        "1e23",
        "8.988465674311579e307",
        "0.1",
        "0.30000000000000004",
        "123456789012345678901234",
        "1.00000005960464477539062499",
        "1.000000059604644775390625",
        "9999999999999999999e-19",
        "18446744073709551615e300",
        "1e308",
        "1e309",
        "1e-342",
        "1e-343",
        "1e-65",
        "1e-66",
        "1e38",
        "1e39",
    ] {
        check_number_text(text);
    }
}

#[test]
fn generated_decimals_round_as_std() {
    let mut rng = Rng::new(0xF10A7);
    for _ in 0..1_000_000 {
        check_number_text(&decimal(&mut rng));
    }
}
