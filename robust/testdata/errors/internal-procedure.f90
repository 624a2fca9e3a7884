subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
contains
  pure subroutine f(x)  ! ERROR [internal-procedure] "internal procedure \"f\" is not allowed in a"
    real, intent(inout) :: x
    x = 2.0*x
  end subroutine f
end subroutine k
