! Each macro is eight of the one before: X5 is half a megabyte, and 33 uses
! of it would make 17 MiB of text.
#define X0 1+1+1+1+1+1+1+1
#define X1 X0+X0+X0+X0+X0+X0+X0+X0
#define X2 X1+X1+X1+X1+X1+X1+X1+X1
#define X3 X2+X2+X2+X2+X2+X2+X2+X2
#define X4 X3+X3+X3+X3+X3+X3+X3+X3
#define X5 X4+X4+X4+X4+X4+X4+X4+X4
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: s
  s = 0
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5  ! ERROR:11 [cpp-output-too-large] "the preprocessed file grows past 16 MiB here (macro \"X5\" adds 524287 bytes)"
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  s = s + X5
  b = a + s
end subroutine k
