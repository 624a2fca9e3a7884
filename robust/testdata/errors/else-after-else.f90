subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) then
    b = a
  else
    b = -a
  else  ! ERROR [else-after-else] "second \"else\" in an \"if\" construct"
    b = 0.0
  end if
end subroutine k
