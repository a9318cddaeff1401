//! How roles look: a colour (unless colour is off) and a glyph or label that carries the same
//! meaning, and plain ASCII when asked.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::{self, border, Marker};

use crate::draw::Role;

/// Colour and character choices for one run of the debugger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether to use colour (off when `NO_COLOR` is set).
    pub color: bool,
    /// Whether to draw with plain ASCII characters only.
    pub ascii: bool,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            color: true,
            ascii: false,
        }
    }
}

/// Plain ASCII borders.
const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

/// Plain ASCII sparkline bars.
const ASCII_BARS: symbols::bar::Set<'static> = symbols::bar::Set {
    full: "#",
    seven_eighths: "#",
    three_quarters: "=",
    five_eighths: "=",
    half: "-",
    three_eighths: "-",
    one_quarter: ".",
    one_eighth: ".",
    empty: " ",
};

impl Theme {
    /// The theme for the environment: colour unless `no_color`, ASCII when `ascii`.
    pub fn new(no_color: bool, ascii: bool) -> Theme {
        Theme {
            color: !no_color,
            ascii,
        }
    }

    /// The colour of a role, `Reset` without colour.
    pub fn role_color(self, role: Role) -> Color {
        if !self.color {
            return Color::Reset;
        }
        match role {
            Role::Body => Color::Gray,
            Role::Plane => Color::Green,
            Role::Ghost => Color::DarkGray,
            Role::BoxA => Color::Cyan,
            Role::BoxB => Color::Magenta,
            Role::Axis => Color::Yellow,
            Role::Contact => Color::Red,
            Role::Ray => Color::LightYellow,
            Role::Hit => Color::LightRed,
            Role::Measure => Color::LightBlue,
        }
    }

    /// The text style of a role.
    pub fn role_style(self, role: Role) -> Style {
        let style = Style::new().fg(self.role_color(role));
        match role {
            Role::BoxA | Role::BoxB | Role::Contact => style.add_modifier(Modifier::BOLD),
            _ => style,
        }
    }

    /// The character a role is drawn with in ASCII mode.
    pub fn glyph(role: Role) -> char {
        match role {
            Role::Body => '+',
            Role::Plane => '=',
            Role::Ghost => ':',
            Role::BoxA => '#',
            Role::BoxB => '%',
            Role::Axis => '.',
            Role::Contact => 'X',
            Role::Ray => '*',
            Role::Hit => 'o',
            Role::Measure => '~',
        }
    }

    /// The canvas marker for a role.
    pub fn marker(self, role: Role) -> Marker {
        if self.ascii {
            Marker::Custom(Theme::glyph(role))
        } else {
            Marker::Braille
        }
    }

    /// Border characters.
    pub fn border(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }

    /// Sparkline bars.
    pub fn bars(self) -> symbols::bar::Set<'static> {
        if self.ascii {
            ASCII_BARS
        } else {
            symbols::bar::NINE_LEVELS
        }
    }

    /// A colour, or nothing without colour.
    pub fn fg(self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    /// The first separating axis's row.
    pub fn first_separating(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// The selected row.
    pub fn selected(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Secondary text.
    pub fn dim(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// Keys in the key bar and help.
    pub fn key(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// The dash between the ends of a range (`3–8 of 20`).
    pub fn dash(self) -> &'static str {
        if self.ascii {
            "-"
        } else {
            "\u{2013}"
        }
    }

    /// Titles.
    pub fn title(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }
}
