// Everything
// add
