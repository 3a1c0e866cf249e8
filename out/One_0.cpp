// add
