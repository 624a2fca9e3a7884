subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
  b = 'abc'  ! ERROR [unsupported-character] "character strings are not supported by forocl"
end subroutine k
