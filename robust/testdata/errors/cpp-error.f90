#ifndef NX
#error define NX with -D NX=SIZE
!^ ERROR [cpp-error] "#error define NX with -D NX=SIZE"
#endif
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
