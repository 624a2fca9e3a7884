subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, parameter :: c = 'abc'  ! ERROR [unsupported-character] "character constants are not supported by forocl"
  b = a*c
end subroutine k
