// The core's types are part of this module's API (every result type lives there): users who
// `import ImageColors` get them without a second import, as before the core was split off.
@_exported import ImageColorsCore
