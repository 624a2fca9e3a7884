subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, dimension(:) c  ! ERROR [syntax-expected-double-colon] "expected \"::\" between the attributes and the"
  b = a
end subroutine k
