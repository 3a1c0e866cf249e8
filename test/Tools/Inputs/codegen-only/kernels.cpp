// The backend's own code; compiling it shows the project's C++ works.
int mybackend_kernel(int X) { return X + 1; }
