pure elemental subroutine k(x, y)
  real, intent(in)  :: x
  real, intent(out) :: y
  y = 0.0
if (x > 0.0) then
if (x > 1.0) then
if (x > 2.0) then
if (x > 3.0) then
if (x > 4.0) then
if (x > 5.0) then
if (x > 6.0) then
if (x > 7.0) then
if (x > 8.0) then
if (x > 9.0) then
if (x > 10.0) then
if (x > 11.0) then
if (x > 12.0) then
if (x > 13.0) then
if (x > 14.0) then
if (x > 15.0) then
if (x > 16.0) then
if (x > 17.0) then
if (x > 18.0) then
if (x > 19.0) then
if (x > 20.0) then
if (x > 21.0) then
if (x > 22.0) then
if (x > 23.0) then
if (x > 24.0) then
if (x > 25.0) then
if (x > 26.0) then
if (x > 27.0) then
if (x > 28.0) then
if (x > 29.0) then
if (x > 30.0) then
if (x > 31.0) then
if (x > 32.0) then
if (x > 33.0) then
if (x > 34.0) then
if (x > 35.0) then
if (x > 36.0) then
if (x > 37.0) then
if (x > 38.0) then
if (x > 39.0) then
if (x > 40.0) then
if (x > 41.0) then
if (x > 42.0) then
if (x > 43.0) then
if (x > 44.0) then
if (x > 45.0) then
if (x > 46.0) then
if (x > 47.0) then
if (x > 48.0) then
if (x > 49.0) then
if (x > 50.0) then
if (x > 51.0) then
if (x > 52.0) then
if (x > 53.0) then
if (x > 54.0) then
if (x > 55.0) then
if (x > 56.0) then
if (x > 57.0) then
if (x > 58.0) then
if (x > 59.0) then
if (x > 60.0) then
if (x > 61.0) then
if (x > 62.0) then
if (x > 63.0) then
if (x > 64.0) then  ! ERROR [if-nesting] "if blocks nest 65 deep here; forocl allows at most 64"
y = x
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end if
end subroutine k
