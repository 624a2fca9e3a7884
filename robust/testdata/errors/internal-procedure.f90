subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
contains
  pure real function f(x)  ! ERROR [internal-procedure] "internal procedure \"f\" is not allowed in a"
    real, intent(in) :: x
    f = x
  end function f
end subroutine k
