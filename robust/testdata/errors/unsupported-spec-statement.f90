subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  data c /1.0/  ! ERROR [unsupported-spec-statement] "\"data\" statement is not supported by forocl in"
  b = a
end subroutine k
