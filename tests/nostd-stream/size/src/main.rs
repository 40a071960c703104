//! `_start` binds `Settings` from a body read in 256-byte chunks through a
//! 1 KiB buffer, over and over; `--features baseline` leaves the bind out.
#![no_std]
#![no_main]

use core::hint::black_box;

static BODY: &[u8] = b"ui=1&device=probe-7&interval=30&enabled=on&threshold=-12&csrf=abc";

#[no_mangle]
pub extern "C" fn _start() -> ! {
    let mut buf = [0u8; binder_nostd_stream_check::BUF];
    loop {
        #[cfg(not(feature = "baseline"))]
        {
            let r = binder_nostd_stream_check::bind_slice(black_box(BODY), &mut buf);
            black_box(&r);
        }
        #[cfg(feature = "baseline")]
        black_box(&mut buf);
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
