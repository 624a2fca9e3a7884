subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = abs(a > 0.0)  ! ERROR [intrinsic-argument-type] "argument 1 of \"abs\" is logical, expected a"
end subroutine k
