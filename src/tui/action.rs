//! What the user can ask the debugger for, one action at a time.

/// One thing the user asked for (or the clock, for [`Action::Advance`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Play or pause.
    TogglePlay,
    /// Play faster.
    Faster,
    /// Play slower.
    Slower,
    /// Move this many frames (negative: back).
    Step(i64),
    /// Back to frame 0, paused.
    Restart,
    /// Start typing a frame number.
    OpenPrompt,
    /// A digit of the frame number.
    PromptDigit(char),
    /// Delete the last digit.
    PromptBackspace,
    /// Go to the typed frame.
    PromptSubmit,
    /// Stop typing without moving.
    PromptCancel,
    /// Select the axis row above.
    RowUp,
    /// Select the axis row below.
    RowDown,
    /// Select this axis row (a mouse click).
    SelectRow(usize),
    /// Select the next pair in the order offered.
    NextPair,
    /// Select the previous pair in the order offered.
    PreviousPair,
    /// Select the next pair that touches or meets within the frame.
    NextTouching,
    /// Open the pair picker.
    OpenPairs,
    /// A character of the picker's filter.
    PairsType(char),
    /// Delete the last character of the filter.
    PairsBackspace,
    /// Highlight the matching pair above (negative) or below.
    PairsMove(i64),
    /// Select the highlighted pair and close the picker.
    PairsSubmit,
    /// Close the picker without selecting.
    PairsCancel,
    /// Cycle xy, xz, yz, along the axis.
    CycleView,
    /// Toggle the four-view layout.
    FourViews,
    /// Show or hide the axis table.
    ToggleTable,
    /// Frame the selected pair, or every body.
    ToggleFraming,
    /// Show the next page of the long lists (events, bodies); negative: the previous one.
    ScrollLists(i64),
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Pan the view left.
    PanLeft,
    /// Pan the view right.
    PanRight,
    /// Open or close the help.
    ToggleHelp,
    /// Open or close the scene information.
    ToggleInfo,
    /// Opens or closes the linear-algebra overlay (`m`).
    ToggleMatrices,
    /// Leave the debugger.
    Quit,
    /// The terminal has a new size.
    Resize(u16, u16),
    /// This many seconds of wall time passed (frames play, simulated frames arrive).
    Advance(f64),
}
