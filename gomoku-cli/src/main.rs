//! The `gomoku` command-line program.

fn main() {
    println!("gomoku: the command-line frontend is not built yet");
}
